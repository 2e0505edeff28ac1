// The roster status sheet: for those who keep the books on paper beside the app. One section
// per side: commanders with status boxes, units with a tick box per figure (or hit) and the
// shaken threshold marked on the row.
#include "print/print.h"

#include "print/flow.h"
#include "print/sheet_layout.h"

#include <algorithm>

namespace umpire::print {

namespace {

constexpr double kRosterMargin = 36;
constexpr double kRosterFooter = 16;

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
    std::string out;
    for (const auto& p : parts)
        if (!p.empty()) out += (out.empty() ? "" : sep) + p;
    return out;
}

int render(PdfWriter& pdf, const model::Battle& battle, const rules::Ruleset& ruleset, std::string_view layout,
           const std::string& layout_name, int total_pages) {
    const std::string& reference = ruleset.reference_toml();
    Size page = pdf.page_size();
    Rect area{kRosterMargin, kRosterMargin, page.width - 2 * kRosterMargin, page.height - 2 * kRosterMargin - kRosterFooter};
    std::string footer = "Umpire \u00b7 " + battle.name + " \u00b7 " + std::string(ruleset.name()) +
                         " \u00b7 status sheet, turn " + std::to_string(battle.turn);
    auto decorate = [&](Canvas& c, int number) {
        TextStyle small{7.5, false, false, kGrey, Align::Left};
        double y = page.height - kRosterMargin - 8;
        c.text(footer, small, kRosterMargin, y, area.width);
        if (total_pages > 0) {
            small.align = Align::Right;
            c.text("page " + std::to_string(number) + " of " + std::to_string(total_pages), small, kRosterMargin, y,
                   area.width);
        }
    };
    // Slightly smaller type than the quick reference: this sheet is read at the hand, and the
    // boxes need the width.
    FlowStyle style;
    style.body = 9;
    style.small = 7;
    Flow flow(pdf, area, 1.0, decorate, style);
    RosterReader reader(layout, layout_name, reference);
    RosterNotes notes = reader.notes();

    bool first = true;
    for (const model::Side& side : battle.sides) {
        if (!first) flow.page_break();
        first = false;
        TextStyle title{18, true, false, side.colour == "red" ? kRed : kBlack};
        flow.paragraph(side.name, title);
        std::string sub = battle.name + " \u00b7 " + std::string(ruleset.name());
        if (!side.colour.empty()) sub += " \u00b7 " + side.colour + " cards";
        flow.paragraph(sub, TextStyle{10, false, true, kGrey});

        // Commanders.
        Table commanders;
        commanders.columns = {Column{"Commander", true}, Column{"Role"}, Column{"Units"},
                              Column{"Wounded", false, Align::Centre}, Column{"Captured", false, Align::Centre},
                              Column{"Killed", false, Align::Centre}};
        for (const model::Commander& cmd : battle.commanders) {
            if (cmd.side != side.id) continue;
            int units = static_cast<int>(std::count_if(battle.units.begin(), battle.units.end(), [&](const model::Unit& u) {
                return u.commander && *u.commander == cmd.id;
            }));
            auto status_box = [&](model::CommanderStatus s) {
                return box_cell(Boxes{1, cmd.status == s ? 1 : 0, std::nullopt});
            };
            commanders.rows.push_back({text_cell(cmd.name, true), text_cell(cmd.is_general ? "General" : "Commander"),
                                       text_cell(std::to_string(units)), status_box(model::CommanderStatus::Wounded),
                                       status_box(model::CommanderStatus::Captured),
                                       status_box(model::CommanderStatus::Killed)});
        }
        if (!commanders.rows.empty()) {
            flow.heading("Commanders");
            flow.table(commanders);
        }

        // Units.
        Table units;
        bool by_hits = std::any_of(battle.units.begin(), battle.units.end(),
                                   [&](const model::Unit& u) { return u.side == side.id && u.hit_capacity > 0; });
        units.columns = {Column{"Unit", true}, Column{"Type", true}, Column{"Quality", true}, Column{"Weapon", true},
                         Column{by_hits ? "Figs / hits" : "Figs", false, Align::Centre},
                         Column{by_hits ? "Losses (a box per figure or hit)" : "Losses (a box per figure)", true}};
        for (const model::Unit& u : battle.units) {
            if (u.side != side.id) continue;
            RosterLookup look = reader.lookup(u);
            bool hits = u.hit_capacity > 0;
            int count = hits ? u.hit_capacity : u.start_figures;
            int lost = hits ? u.hits : std::max(0, u.start_figures - u.figures);
            Boxes boxes{count, lost, std::nullopt};
            if (look.shaken_loss) boxes.mark_after = shaken_after(count, *look.shaken_loss);

            std::vector<std::string> note;
            if (u.commander)
                if (const model::Commander* c = battle.commander(*u.commander)) note.push_back(c->name);
            if (!u.formed) note.push_back("unformed");
            std::vector<std::string> state;
            for (model::Flag f : model::kAllFlags)
                if (u.has(f) && f != model::Flag::Activated && f != model::Flag::Fired) state.emplace_back(model::flag_id(f));
            if (!state.empty()) note.push_back("now: " + join(state, ", "));

            std::string strength = hits ? std::to_string(u.hit_capacity) + " hits" : std::to_string(u.start_figures);
            if (lost > 0) strength += "\n(" + std::to_string(hits ? u.hit_capacity - u.hits : u.figures) + " left)";
            units.rows.push_back({text_cell(u.name, true, join(note, " \u00b7 ")), text_cell(look.type),
                                  text_cell(look.quality), text_cell(look.weapon), text_cell(strength),
                                  box_cell(boxes)});
            units.shaded.push_back(u.has(model::Flag::Routed));
        }
        flow.heading("Units");
        if (!notes.shaken.empty()) flow.paragraph(notes.shaken, TextStyle{8.5, false, true, kBlack});
        flow.table(units);
    }
    return flow.pages();
}

} // namespace

int write_roster_sheet(const model::Battle& battle, const rules::Ruleset& ruleset, Paper paper, const std::string& path) {
    std::string id(ruleset.id());
    auto layout = sheet_layout_text(id);
    // A ruleset without a layout still gets a sheet: ids for names and no shaken mark.
    std::string_view text = layout ? *layout : std::string_view("format = \"umpire-sheet\"\nversion = 1\n");
    std::string name = "reference/" + id + "/sheet.toml";
    if (battle.sides.empty()) throw PrintError("the battle has no sides to print");
    Size size = paper_size(paper);
    std::string title = battle.name + " \u2013 status sheet";
    int pages;
    {
        PdfWriter measure("", size, title);
        pages = render(measure, battle, ruleset, text, name, 0);
    }
    PdfWriter pdf(path, size, title);
    int written = render(pdf, battle, ruleset, text, name, pages);
    pdf.finish();
    return written;
}

} // namespace umpire::print

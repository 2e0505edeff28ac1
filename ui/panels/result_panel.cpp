// Result: the last roll with its working. Dice as rolled, each step with the rule it applied,
// the outcome, the effects it has (or had, once applied) and the follow-ups it obliges.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace umpire::ui {

namespace {

void draw_dice(const rules::DiceGroup& g) {
    std::string head = g.label.empty() ? std::string("Dice") : g.label;
    if (g.success_on > 0) {
        head += ", need " + std::to_string(g.success_on) + "+";
        if (g.modifier != 0) head += " after " + signed_int(g.modifier);
    } else if (g.modifier != 0) {
        head += ", " + signed_int(g.modifier) + " each";
    }
    text_dim(head + ":");
    int i = 0;
    for (int v : g.values) {
        // A success is marked by a tick as well as its colour.
        const bool success = g.is_success(v);
        const std::string face = "[" + std::to_string(v) + (success ? "\xE2\x9C\x93]" : "]");
        if (i++ > 0) flow_same_line(ImGui::CalcTextSize(face.c_str()).x);
        text_coloured(success ? colour::good : ImGui::GetStyleColorVec4(ImGuiCol_Text), face);
    }
    if (g.values.empty()) text_dim("(none)");
    if (g.success_on > 0) {
        const std::string total =
            "= " + std::to_string(g.successes()) + (g.successes() == 1 ? " success" : " successes");
        flow_same_line(ImGui::CalcTextSize(total.c_str()).x);
        text(total);
    }
}

void draw_resolution(const model::Battle& b, const rules::Resolution& res, bool applied) {
    ImGui::PushFont(fonts().heading);
    text_wrapped(res.outcome.empty() ? std::string("(no outcome)") : res.outcome);
    ImGui::PopFont();

    for (const rules::DiceGroup& g : res.dice) draw_dice(g);

    if (!res.steps.empty()) {
        ImGui::Spacing();
        heading("Working");
        int n = 1;
        for (const rules::Step& step : res.steps) {
            ImGui::PushTextWrapPos(0.0f);
            text(std::to_string(n++) + ". " + step.text);
            if (!step.citation.empty()) {
                ImGui::Indent();
                text_dim(step.citation);
                ImGui::Unindent();
            }
            ImGui::PopTextWrapPos();
        }
    }

    ImGui::Spacing();
    heading(applied ? "Effects applied" : "Effects if applied");
    if (res.effects.empty()) text_dim("No change to the battle.");
    for (const model::Effect& e : res.effects) {
        if (model::is_deed_detail(e)) continue;
        ImGui::Bullet();
        ImGui::SameLine();
        text_wrapped(describe_effect(b, e));
    }
    if (!res.follow_ups.empty()) {
        ImGui::Spacing();
        heading("Follow-ups");
        for (const rules::FollowUp& f : res.follow_ups) {
            std::string line = f.action;
            if (f.unit) line += " for " + entity_name(b, model::Entity::Unit, *f.unit);
            if (!f.reason.empty()) line += ": " + f.reason;
            if (!f.citation.empty()) line += "  [" + f.citation + "]";
            ImGui::Bullet();
            ImGui::SameLine();
            text_wrapped(line);
        }
    }
}

} // namespace

void draw_result_panel(desk::Desk& desk, const Rect& r) {
    if (begin_panel("Result", r)) {
        const model::Battle& b = desk.battle();
        // What to show: a journal entry the umpire clicked, else this session's last roll, else
        // the latest action in the journal.
        const store::JournalEntry* entry = desk.shown_entry() ? desk.entry(*desk.shown_entry()) : nullptr;
        const auto& rolled = desk.rolled();
        if (!entry && !rolled) {
            // The latest action still in effect; failing that, the latest action.
            const auto& journal = desk.journal();
            const store::JournalLine* latest = nullptr;
            for (auto it = journal.rbegin(); it != journal.rend() && !latest; ++it)
                if (it->kind == store::EntryKind::Action && !it->undone) latest = &*it;
            for (auto it = journal.rbegin(); it != journal.rend() && !latest; ++it)
                if (it->kind == store::EntryKind::Action) latest = &*it;
            if (latest) entry = desk.entry(latest->id);
        }
        // A new result starts at its headline, whatever the last one was scrolled to.
        std::string shown_key = entry ? "entry " + std::to_string(entry->id) : std::string("nothing");
        if (!entry && rolled) {
            shown_key = "roll " + rolled->resolution.outcome + (rolled->applied() ? " applied" : "");
            for (const rules::DiceGroup& g : rolled->resolution.dice)
                for (int v : g.values) shown_key += " " + std::to_string(v);
        }
        ImGuiStorage* storage = ImGui::GetStateStorage();
        const ImGuiID slot = ImGui::GetID("shown result");
        const int hash = static_cast<int>(ImHashStr(shown_key.c_str()));
        if (storage->GetInt(slot, 0) != hash) {
            storage->SetInt(slot, hash);
            ImGui::SetScrollY(0.0f);
        }
        if (entry) {
            std::string head = "JOURNAL #" + std::to_string(entry->id) + ", turn " + std::to_string(entry->turn);
            text_coloured(colour::accent, head);
            if (entry->undone) {
                ImGui::SameLine();
                text_coloured(colour::warning, "[UNDONE]");
            }
            if (desk.shown_entry()) {
                ImGui::SameLine();
                if (ImGui::SmallButton("Close")) desk.show_entry(std::nullopt);
            }
            draw_resolution(b, desk::resolution_of(*entry), !entry->undone);
        } else if (rolled) {
            if (rolled->applied())
                text_coloured(colour::good, "APPLIED as journal entry #" + std::to_string(*rolled->entry));
            else
                text_wrapped_coloured(colour::warning, rolled->resolution.question
                                                           ? "ROLLED, NOT APPLIED: the player chooses first, Esc cancels"
                                                           : "ROLLED, NOT APPLIED: Ctrl+Enter applies, Esc cancels");
            if (!rolled->applied()) draw_question(desk);
            draw_resolution(b, rolled->resolution, rolled->applied());
        } else {
            text_wrapped_coloured(colour::dim,
                                  "Nothing rolled yet. Fill in the form, type real dice or leave the "
                                  "Dice field blank, and press Enter to roll.");
        }
    }
    ImGui::End();
}

} // namespace umpire::ui

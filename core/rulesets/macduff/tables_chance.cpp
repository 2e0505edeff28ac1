// Reading the chance cards' numbers (Optional Rules 2, Sample cards): the sniper's die, Never Say
// Die's dice, Huzzah!'s inches or melee bonus, and what each card that names a unit does (I'll Try
// Sir!'s extra die among them). Huzzah!'s melee bonus joins the melee modifiers here, so the melee
// form offers it like any other.
#include "rulesets/macduff/tables.h"
#include "kit/table_reader.h"

#include <algorithm>

namespace umpire::macduff::detail {

namespace {

const std::vector<std::string> kWhose{"enemy", "own", "not-active", "any"};
const std::vector<std::string> kEffects{"not-activated", "no-move", "advance", "extra-melee-die", "activate", "note"};

NominateCard read_nominate(const kit::TableReader& r, const Tables& t) {
    NominateCard card;
    card.id = r.text("id");
    card.name = r.text("name");
    card.whose = r.one_of("whose", kWhose);
    card.effect = r.one_of("effect", kEffects);
    // Read only for the effect that uses it: a house rule turning the card into a "note" merges
    // over the row and cannot remove the number.
    if (card.effect == "extra-melee-die") card.extra_dice = r.positive("extra_dice");
    if (r.has("troop_types")) {
        const kit::TableReader types = r.table("troop_types");
        for (const auto& [colour, value] : types.raw()) {
            (void)value;
            const std::string key(colour.str());
            card.troop_types[key] = types.strings(key);
            for (const auto& type : card.troop_types[key])
                if (!t.troop_types.count(type))
                    types.fail_at(key, "\"" + type + "\" is not a troop type");
        }
    }
    return card;
}

} // namespace

void read_chance_tables(const kit::TableReader& top, Tables& t) {
    const kit::TableReader c = top.table("chance_cards");
    ChanceCards& cc = t.chance;
    cc.citation = c.text("citation");

    const kit::TableReader sniper = c.table("sniper");
    cc.sniper.card = sniper.text("card");
    cc.sniper.name = sniper.text("name");
    cc.sniper.dice = sniper.positive("dice");
    cc.sniper.lost_on = sniper.integers("lost_on");
    for (int face : cc.sniper.lost_on)
        if (face < 1 || face > 6 * cc.sniper.dice)
            sniper.fail_at("lost_on", "each score must be one the dice can roll");
    cc.sniper.status = sniper.one_of("status", {"wounded", "killed"});

    const kit::TableReader recovery = c.table("never_say_die");
    cc.recovery.card = recovery.text("card");
    cc.recovery.name = recovery.text("name");
    cc.recovery.dice = recovery.positive("dice");

    const kit::TableReader huzzah = c.table("huzzah");
    cc.huzzah.card = huzzah.text("card");
    cc.huzzah.name = huzzah.text("name");
    cc.huzzah.move_dice = huzzah.positive("move_dice");
    cc.huzzah.melee_modifier = huzzah.integer("melee_modifier");

    const kit::TableReader reinforce = c.table("reinforce");
    cc.reinforce.card = reinforce.text("card");
    cc.reinforce.name = reinforce.text("name");

    const kit::TableReader rising = c.table("rising");
    cc.rising.card = rising.text("card");
    cc.rising.name = rising.text("name");
    cc.rising.successor = rising.text("successor");
    if (cc.rising.successor.empty())
        rising.fail_at("successor", "give the replacement's name ({name} is the fallen commander's)");

    kit::each_entry(c, "nominate", [&](const kit::TableReader& r) {
        cc.nominate.push_back(read_nominate(r, t));
        // One marker on the unit ("extra-die-turn") serves the effect, so one card may have it.
        if (cc.nominate.back().effect == "extra-melee-die" && t.extra_die_card() != &cc.nominate.back())
            r.fail("only one card may have effect \"extra-melee-die\"");
    });

    // Huzzah!'s "+1 to each melee die" is a melee modifier like the others (8.4), on the cards
    // rather than in the melee table, so the sheet's melee table is the text's alone.
    if (std::any_of(t.melee.modifiers.begin(), t.melee.modifiers.end(),
                    [](const Modifier& m) { return m.id == kHuzzahModifier; }))
        c.fail(std::string("melee.modifiers: \"") + kHuzzahModifier + "\" is Huzzah!'s (chance_cards.huzzah)");
    Modifier m;
    m.id = kHuzzahModifier;
    m.name = cc.huzzah.name + " (chance card)";
    m.value = cc.huzzah.melee_modifier;
    m.citation = cc.citation;
    m.help = "A wave of enthusiasm: the unit played Huzzah! for the melee bonus, on each melee die this turn";
    t.melee.modifiers.push_back(m);
}

} // namespace umpire::macduff::detail

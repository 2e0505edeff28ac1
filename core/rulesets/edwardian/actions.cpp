// The declared actions: ids, inputs, bounds and help. The GUI form, the CLI flags and input
// validation all come from these declarations; their choices come from the reference tables.
#include "rulesets/edwardian/edwardian.h"
#include "rulesets/edwardian/mechanics.h"

#include "kit/input_builders.h"
#include "rules/distance.h"
#include "rulesets/edwardian/fire_bands.h"

namespace umpire::edwardian {

using rules::ActionSpec;
using rules::Choice;
using rules::InputKind;
using rules::InputSpec;

namespace {

using kit::kMaxFigures;

// The modifiers of `from` that apply to this kind of fire ("rifle", "mg"; empty: all).
std::vector<Choice> fire_modifiers(const std::vector<Modifier>& from, const std::string& fire_kind = {}) {
    std::vector<Choice> out;
    for (const auto& m : from)
        if (fire_kind.empty() || m.for_fire == "both" || m.for_fire == fire_kind)
            out.push_back({m.id, m.name, m.value, m.help});
    return out;
}

ActionSpec action(std::string id, std::string name, std::string summary, std::string where, bool unit,
                  bool target, bool target_optional) {
    ActionSpec a = kit::action(std::move(id), std::move(name), std::move(summary), cite(where));
    a.needs_unit = unit;
    a.needs_target = target;
    a.target_optional = target_optional;
    return a;
}

std::vector<Choice> weapons_of(const Tables& t, WeaponKind kind) {
    std::vector<Choice> out;
    for (const auto& w : t.weapons)
        if (w.kind == kind) out.push_back({w.id, w.name, 0, w.note});
    return out;
}

std::vector<Choice> qualities(const Tables& t) {
    std::vector<Choice> out;
    for (const auto& q : t.qualities)
        out.push_back({q.id, q.name + " (morale " + std::to_string(q.morale) + ")", q.spike, {}});
    return out;
}

// Figures per range band. The help gives each band of every weapon of `kind` (the chosen weapon
// decides), so a band is never described by another weapon's edges.
void add_bands(const Tables& t, ActionSpec& a, const std::string& what, WeaponKind kind) {
    std::array<std::string, 3> help;
    for (const auto& w : t.weapons) {
        if (w.kind != kind) continue;
        const std::string s = rules::format_inches(w.bands[0]), m = rules::format_inches(w.bands[1]),
                          l = rules::format_inches(w.bands[2]);
        const std::array<std::string, 3> edges{"up to " + s, "over " + s + " to " + m, "over " + m + " to " + l};
        for (std::size_t b = 0; b < 3; ++b) help[b] += (help[b].empty() ? "" : "; ") + w.name + " " + edges[b];
    }
    for (std::size_t b = 0; b < 3; ++b) {
        const std::string id = kBandIds[b];
        a.inputs.push_back(kit::count_input(id, what + " at " + id + " range",
                                            "Killed on " + std::to_string(t.fire.kill_on[b]) + "+. " + help[b], 0,
                                            kMaxFigures, "0"));
    }
}

// Enemy figures in combat contact with friendly figures are not eligible targets (I Rifle Fire, I
// Machinegun Fire), but the unit they charged may fire back at them (I Charges).
void add_target_in_contact(ActionSpec& a) {
    a.inputs.push_back(kit::flag_input("target-in-contact", "Target in combat contact",
                                       "The target figures are in combat contact with friendly figures: not eligible "
                                       "targets, except for the unit they charged, firing back at them"));
}

// Firing from a hill over friendly troops below (I Effects of Terrain on Play).
void add_over_friends(const Tables& t, ActionSpec& a) {
    a.inputs.push_back(kit::distance_input("over-friends", "Over friends: target beyond them",
                                           "Firing from a hill over friendly troops below: the target's distance from "
                                           "the nearest friendly figure in between (at least " +
                                               rules::format_inches(t.fire.over_friends) + ")",
                                           false));
}

void add_gun_inputs(const Tables& t, ActionSpec& a, const std::string& fallback_weapon) {
    a.inputs.push_back(kit::choice_input("weapon", "Gun", weapons_of(t, WeaponKind::Gun), fallback_weapon));
    a.inputs.push_back(kit::flag_input("horse-artillery", "Horse artillery", "Brackets two-thirds as long (II Horse Artillery)"));
    a.inputs.push_back(kit::count_input("crew", "Crew touching the base", "At least 1 to fire; shell kills -1 per crewman under 3", 0, 100, "3"));
    a.inputs.push_back(kit::flag_input("moved", "Moved this turn", "Artillery that moved this turn may not fire"));
    a.inputs.push_back(kit::flag_input("in-contact", "Crew or gun in combat contact", "A gun in combat contact may not fire"));
}

ActionSpec rifle_fire(const Tables& t) {
    auto a = action("rifle-fire", "Rifle fire",
                    "Every firing figure rolls one die at its target: killed on 4 / 5 / 6 by range band",
                    "I Rifle Fire", true, false, true);
    auto figures = kit::count_input("figures", "Figures firing at the range", "In close order only the front rank fires", 0, kMaxFigures, "");
    figures.required = false;
    a.inputs.push_back(figures);
    a.inputs.push_back(kit::distance_input("range", "Range", "For all the figures firing at one range, e.g. 10, 10\" or 25cm (table "
                                                  "distance; the battle's scale applies)", false));
    add_bands(t, a, "Further figures firing", WeaponKind::Rifle);
    a.inputs.push_back(kit::choice_input("weapon", "Rifle", weapons_of(t, WeaponKind::Rifle), "rifle"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.fire.modifiers, "rifle")));
    a.inputs.push_back(kit::flag_input("stationary", "Figures declared stationary",
                                       "Figures of a moving unit declared stationary fire with the unmoving figures"));
    add_target_in_contact(a);
    add_over_friends(t, a);
    return a;
}

ActionSpec mad_minute(const Tables& t) {
    auto a = action("mad-minute", "The Mad Minute",
                    "Close-order infantry fire as an MG within their arc, then wait 1d6 turns for ammunition",
                    "II Optional Rule - The Mad Minute", true, false, true);
    add_bands(t, a, "Enemy figures in arc", WeaponKind::Rifle);
    a.inputs.push_back(kit::choice_input("weapon", "Rifle", weapons_of(t, WeaponKind::Rifle), "rifle"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.fire.modifiers, "mg")));
    add_target_in_contact(a);
    add_over_friends(t, a);
    return a;
}

ActionSpec mg_fire(const Tables& t) {
    auto a = action("mg-fire", "MG fire",
                    "Jam roll (6 jams), then one roll on every enemy figure in arc and range, by band",
                    "I Machinegun Fire", true, false, true);
    add_bands(t, a, "Enemy figures in arc", WeaponKind::Mg);
    a.inputs.push_back(kit::count_input("crew", "Crew touching the base", "At least 1 to fire; -1 with only one", 0, 100, "2"));
    a.inputs.push_back(kit::flag_input("moved", "Moved this turn", "MGs cannot fire in a turn in which they move"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.fire.modifiers, "mg")));
    add_target_in_contact(a);
    add_over_friends(t, a);
    return a;
}

ActionSpec artillery_fire(const Tables& t) {
    auto a = action("artillery-fire", "Artillery fire",
                    "Aim at a point: two deviation dice by bracket, zeroing in on the same point",
                    "I Artillery Fire", true, false, false);
    a.inputs.push_back(kit::distance_input("range", "Range to the target point", "Up to 108\" (3 brackets of 36\")", true));
    a.inputs.push_back(kit::count_input("firing", "Firing at this target point", "1 at a new point; 2 the second turn at the same point (each deviation "
                                        "die adjusted 1), 3 or later (adjusted 2). In a battle the gun's record gives it", 1, 99, "1"));
    a.inputs.push_back(kit::choice_input("observer", "Who sees the target", {{"crew", "The gun's crew", 0, {}},
                               {"spotter", "The battery's spotter (fires over obstructions and troops)", 0, {}}}, "crew"));
    a.inputs.push_back(kit::flag_input("spotter-in-contact", "Spotter in combat contact", "A spotter in combat contact with the enemy cannot see for the gun"));
    add_gun_inputs(t, a, "field-gun");
    return a;
}

ActionSpec shell_hits(const Tables& t) {
    auto a = action("shell-hits", "Shell hits",
                    "Every figure within 2\" of the impact rolls: killed on 4-6; guns and MGs destroyed likewise",
                    "I Artillery Fire", false, false, true);
    a.inputs.push_back(kit::count_input("figures", "Figures within the blast", "Of the target unit, within 2\" of the impact", 0, kMaxFigures, "0"));
    a.inputs.push_back(kit::count_input("guns", "Gun or MG models within the blast", "Of the target unit (0 or 1)", 0, 1, "0"));
    a.inputs.push_back(kit::count_input("crew", "Crew who fired the gun", "-1 per crewman under 3", 0, 100, "3"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.artillery.modifiers)));
    return a;
}

ActionSpec canister(const Tables& t) {
    auto a = action("canister", "Canister",
                    "Every figure in arc within 8\" and in sight rolls: killed on 4-6",
                    "II Obsolete Weaponry, Firing Solid Shot and Canister", true, false, true);
    a.inputs.push_back(kit::count_input("figures", "Figures within reach", "In the gun's arc, within the red of the stick", 0, kMaxFigures, "0"));
    add_gun_inputs(t, a, "muzzle-shell-gun");
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.canister.modifiers)));
    return a;
}

ActionSpec solid_shot(const Tables& t) {
    auto a = action("solid-shot", "Solid shot",
                    "Lay the firing stick, roll its deviation and the long-range die",
                    "II Obsolete Weaponry, Firing Solid Shot and Canister", true, false, false);
    add_gun_inputs(t, a, "breech-shot-gun");
    return a;
}

ActionSpec shot_hits(const Tables& t) {
    auto a = action("shot-hits", "Solid shot hits",
                    "Figures touched by the stick roll: 4-6 at short range, 5-6 beyond",
                    "II Obsolete Weaponry, Firing Solid Shot and Canister", false, false, true);
    a.inputs.push_back(kit::count_input("short", "Figures touched at short range", "0-12\" along the stick", 0, kMaxFigures, "0"));
    a.inputs.push_back(kit::count_input("medium", "Figures touched at medium range", "12-24\" along the stick", 0, kMaxFigures, "0"));
    a.inputs.push_back(kit::count_input("long", "Figures touched at long range", "24-36\": only those on the portions the long-range die chose", 0, kMaxFigures, "0"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", fire_modifiers(t.solid_shot.modifiers)));
    return a;
}

ActionSpec load_gun(const Tables& t) {
    auto a = action("load-gun", "Load a muzzle-loader",
                    "The gun spends its move loading shell, shot or canister; it fires next turn",
                    "II Obsolete Weaponry, Artillery Equipment Types", true, false, false);
    std::vector<Choice> rounds;
    for (const auto& r : t.rounds) rounds.push_back({r.id, r.name, 0, {}});
    a.inputs.push_back(kit::choice_input("round", "Load with", rounds, t.rounds.empty() ? "" : t.rounds.front().id));
    add_gun_inputs(t, a, "muzzle-shell-gun");
    return a;
}

ActionSpec move(const Tables& t) {
    auto a = action("move", "Movement",
                    "What the move crosses: the inches left, or why it is barred; a charge names the unit it charges",
                    "I Movement", true, false, true);
    std::vector<Choice> types;
    for (const auto& tt : t.troop_types) types.push_back({tt.id, tt.name, 0, {}});
    a.inputs.push_back(kit::choice_input("type", "Troop type", types, "infantry"));
    a.inputs.push_back(kit::flag_input("fast-foot", "Fast foot (Zulus)", "8\" move and 4\" charge bonus (III The Zulu War)"));
    a.inputs.push_back(kit::distance_input("open", "In the open", "Inches moved in the open", false));
    a.inputs.push_back(kit::distance_input("road", "Along a road", "Half an inch of move per inch", false));
    a.inputs.push_back(kit::distance_input("rough", "Through rough", "Woods, swamps, buildings, rough hills: 2\" an inch foot and "
                                                          "MGs, 4\" cavalry and artillery", false));
    a.inputs.push_back(kit::distance_input("river", "Across a fordable river", "Crossed as rough", false));
    a.inputs.push_back(kit::distance_input("charge", "Charge portion", "The straight charge into contact (cavalry +6\")", false));
    a.inputs.push_back(kit::count_input("obstacles", "Hedges, walls, entrenchments crossed", "Each as 1\" of rough", 0, 20, "0"));
    a.inputs.push_back(kit::count_input("wire", "Barbed wire crossed", "Takes a full move", 0, 20, "0"));
    a.inputs.push_back(kit::flag_input("unfordable", "Enters a non-fordable river", "Barred"));
    a.inputs.push_back(kit::count_input("crew", "Crew in contact at the start", "Guns and MGs move only with crew in contact", 0, 100, "0"));
    return a;
}

ActionSpec line_of_sight(const Tables& t) {
    auto a = action("line-of-sight", "Line of sight", "Visible or not, by the shadow rule",
                    "I Effects of Terrain on Play", false, false, false);
    a.inputs.push_back(kit::count_input("observer-level", "Observer's terrain level", "0 on the flat, hill levels above", 0, 50, "0"));
    a.inputs.push_back(kit::count_input("observed-level", "Observed's terrain level", "", 0, 50, "0"));
    std::vector<Choice> kinds{{"none", "No obstruction", 0, {}}};
    for (const auto& o : t.sight.obstructions) kinds.push_back({o.id, o.name, 0, {}});
    a.inputs.push_back(kit::choice_input("obstruction", "Obstruction on the line", kinds, "none", "One at a time: check each obstruction the line crosses"));
    a.inputs.push_back(kit::count_input("obstruction-level", "Level the obstruction stands on", "For a hill, its level where the line crosses", 0, 50, "0"));
    a.inputs.push_back(kit::distance_input("length", "Length of the line", "Between the two bases", false));
    a.inputs.push_back(kit::distance_input("from", "Obstruction starts at", "Measured from the observer", false));
    a.inputs.push_back(kit::distance_input("to", "Obstruction ends at", "Measured from the observer", false));
    a.inputs.push_back(kit::flag_input("inside", "One of them stands in this woods or building", "It can be seen into"));
    a.inputs.push_back(kit::flag_input("reverse-slope", "Entirely on opposite sides of a ridgeline", "They cannot see each other"));
    return a;
}

// Chains: a figure that attacks one enemy while another enemy attacks it rolls once for both.
void add_chain_inputs(const Tables& t, ActionSpec& a) {
    a.inputs.push_back(kit::count_input("chains", "Chains", "Figures in a line, sides alternating, each attacking the next (C attacks A while A "
                             "attacks B): each rolls once for both. Dice: the unit's figures in the chains, then "
                             "the enemy's, chain by chain from its first figure", 0, kMaxFigures, "0"));
    a.inputs.push_back(kit::count_input("chain-length", "Figures per chain", "3 to " + std::to_string(t.melee.max_chain), 3, t.melee.max_chain, "3"));
    a.inputs.push_back(kit::choice_input("chain-start", "First figure of each chain", {{"enemy", "The enemy's (it attacks the unit's figure and no one attacks it)", 0, {}},
                               {"unit", "The unit's", 0, {}}}, "enemy"));
    a.inputs.push_back(kit::choice_input("chain-end", "Last figure of each chain", {{"open", "Attacks no one", 0, {}},
                               {"mutual", "Attacks the figure before it (a mutual pair ends the chain)", 0, {}}}, "open"));
}

ActionSpec melee(const Tables& t) {
    auto a = action("melee", "Melee",
                    "Opposed per-figure rolls: pairs, chains, groups on one figure, unanswered attacks",
                    "I Melee", true, true, false);
    const std::string max = std::to_string(t.melee.max_group);
    for (const std::string side : {"", "enemy-"}) {
        const std::string who = side.empty() ? "Unit's" : "Enemy's";
        if (side.empty())
            a.inputs.push_back(kit::count_input("pairs", "Mutual pairs", "A figure of each side with each other as targets. Dice: the unit's, then the enemy's", 0, kMaxFigures, "0"));
        if (side.empty()) add_chain_inputs(t, a);
        a.inputs.push_back(kit::count_input(side + "groups", who + " groups on one figure", "Groups of --" + side + "group-size figures on one figure that fights back at the "
                                 "first of them. Dice: the targets', then the groups'", 0, kMaxFigures, "0"));
        a.inputs.push_back(kit::count_input(side + "group-size", who + " figures per group", "2 to " + max, 2, t.melee.max_group, "2"));
        a.inputs.push_back(kit::count_input(side + "unanswered", who + " unanswered attacks", "On a figure that attacks no one (flank or rear); if it attacks another figure, "
                                 "that is a chain. Dice: the attackers', then the targets'", 0, kMaxFigures, "0"));
        a.inputs.push_back(kit::modifiers_input(side + "modifiers", who + " modifiers", fire_modifiers(t.melee.modifiers)));
        a.inputs.push_back(kit::count_input(side + "descending", who + " descending levels charged", "+1 each for charging cavalry", 0, 10, "0"));
    }
    return a;
}

ActionSpec morale(const Tables& t) {
    auto a = action("morale", "Morale check",
                    "2d6 against the quality's number: a greater score fails and removes the unit",
                    "I Morale", true, false, false);
    a.inputs.push_back(kit::choice_input("quality", "Quality", qualities(t), "average"));
    a.inputs.push_back(kit::count_input("full-size", "Full size", "Figures at full strength (grown by drafts)", 1, 10000, ""));
    a.inputs.push_back(kit::count_input("lost", "Casualties in total", "+1 per full 25% of full size", 0, 10000, "0"));
    a.inputs.push_back(kit::count_input("phase-lost", "Casualties in the phase that caused the check", "+1 per full 25% of full size", 0, 10000, "0"));
    a.inputs.push_back(kit::flag_input("hard-cover", "In fortifications or hard cover", "-1"));
    if (t.options.officers)
        a.inputs.push_back(kit::choice_input("officer", "Officer", {{"none", "No officer figure", 0, {}},
                                   {"present", "Officer alive with the unit", t.morale.officer_present, {}},
                                   {"killed", "Officer killed", t.morale.officer_killed, {}}}, "none"));
    if (t.options.standards)
        a.inputs.push_back(kit::choice_input("standard", "Standard", {{"none", "No standard", 0, {}},
                                   {"present", "Standard with the unit", t.morale.standard_present, {}},
                                   {"captured", "Standard captured", t.morale.standard_captured, {}}}, "none"));
    a.inputs.push_back(kit::choice_input("cause", "Casualties from", {{"fire", "Fire", 0, {}}, {"melee", "Melee", 0, {}}}, "fire", "A gun crew failing from fire may spike the gun"));
    return a;
}

ActionSpec spike(const Tables& t) {
    auto a = action("spike", "Spike the gun",
                    "A gun crew failing morale from fire destroys its gun on 4+ (quality modifies)",
                    "I Morale", true, false, false);
    a.inputs.push_back(kit::choice_input("quality", "Crew quality", qualities(t), "average"));
    return a;
}

ActionSpec draft(const Tables&) {
    auto a = action("draft", "Draft crew",
                    "Figures leave their unit (as its casualties) to crew a friendly gun or MG, or rejoin",
                    "I Transferring Figures Between Units", true, true, false);
    a.inputs.push_back(kit::count_input("figures", "Figures drafted", "From the unit into the target", 1, kMaxFigures, ""));
    return a;
}

ActionSpec claim_gun(const Tables&) {
    auto a = action("claim-gun", "Claim an abandoned gun",
                    "The first side in contact claims it: a new unit that cannot move or fire this turn",
                    "I Transferring Figures Between Units", true, true, false);
    a.inputs.push_back(kit::count_input("crew", "Figures crewing it", "Drafted from the unit", 1, kMaxFigures, ""));
    return a;
}

ActionSpec average_quality(const Tables& t) {
    auto a = action("average-quality", "Averaged quality",
                    "Quality of a unit of mixed grades: points averaged and rounded off",
                    "I Transferring Figures Between Units", false, false, false);
    for (const auto& q : t.qualities)
        a.inputs.push_back(kit::count_input(q.id, q.name + " soldiers", std::to_string(q.points) + " points each", 0, kMaxFigures, "0"));
    return a;
}

ActionSpec ghq_assault(const Tables&) {
    auto a = action("ghq-assault", "Headquarters contact",
                    "Each figure touching the enemy headquarters rolls: 1-3 destroyed, 4-5 driven off, 6 overrun",
                    "II General Headquarters", true, false, true);
    a.inputs.push_back(kit::count_input("figures", "Figures in contact", "", 1, kMaxFigures, ""));
    return a;
}

ActionSpec army_morale(const Tables&) {
    return action("army-morale", "Army morale", "At the end of a turn: half or more of a side's units removed loses",
                  "II Optional Rule - Army Morale", false, false, false);
}

ActionSpec officer_killed(const Tables&) {
    return action("officer-killed", "Officer killed", "The unit's officer figure has fallen: +1 to its morale rolls",
                  "II Optional Morale Rules - Officers and Standard Bearers", true, false, false);
}

ActionSpec standard(const Tables&) {
    auto a = action("standard", "Standard", "A standard captured in melee, recaptured, or its bearer shot",
                    "II Optional Morale Rules - Officers and Standard Bearers", true, false, true);
    a.inputs.push_back(kit::choice_input("event", "What happened", {{"captured", "Bearer killed in melee: captured by the target", 0, {}},
                               {"recaptured", "Recaptured from the target", 0, {}},
                               {"bearer-shot", "Bearer killed by fire: another figure takes it", 0, {}}}, "captured"));
    return a;
}

ActionSpec reinforce(const Tables&) {
    auto a = action("reinforce", "Campaign reinforcements",
                    "One die for a unit below full strength, by the campaign table", "III Campaign Game", true, false,
                    false);
    a.inputs.push_back(kit::choice_input("kind", "Column", {{"infantry", "Infantry", 0, {}}, {"cavalry", "Cavalry", 0, {}},
                                                 {"artillery", "Artillery crew", 0, {}}}, "infantry"));
    return a;
}

ActionSpec campaign_transfer(const Tables&) {
    auto a = action("campaign-transfer", "Campaign transfer",
                    "Between battles: figures move to a unit of the same type, or to a gun as crewmen",
                    "III Campaign Game", true, true, false);
    a.inputs.push_back(kit::count_input("figures", "Figures transferred", "From the unit into the target", 1, kMaxFigures, ""));
    return a;
}

ActionSpec battle_result(const Tables& t) {
    auto a = action("battle-result", "Battle result",
                    "Who won the campaign battle, and the standing between the two countries it leaves",
                    "III Campaign Game", false, false, false);
    a.inputs.push_back(kit::choice_input("ending", "How it ended", {{"check", "Check: a side with every figure killed or in broken units has lost", 0, {}},
                               {"conceded", "The unit's side concedes", 0, {}},
                               {"no-fight", "The unit's side concedes without a fight", 0, {}},
                               {"draw", "Both players agree a draw", 0, {}}}, "check"));
    const int m = t.campaign.conquest_margin - 1;
    a.inputs.push_back(kit::count_input("standing", "Standing before this battle", "The first side's wins minus its losses against the second so far (from the players' "
                             "record); at " + std::to_string(m + 1) + " a country is conquered", -m, m, "0"));
    return a;
}

ActionSpec campaign_quality(const Tables& t) {
    auto a = action("campaign-quality", "Quality after the battle",
                    "Down a level for failing morale; up after a run of battles without failing, or a conquest",
                    "III Campaign Game, Unit Quality Levels", true, false, false);
    a.inputs.push_back(kit::flag_input("failed", "Failed morale in this battle", "Removed from play by a morale failure"));
    a.inputs.push_back(kit::choice_input("result", "This battle was", {{"victory", "A victory for the unit's side", 0, {}},
                               {"defeat", "A defeat", 0, {}},
                               {"draw", "A draw", 0, {}}}, "draw"));
    a.inputs.push_back(kit::count_input("streak", "Battles in a row before this one without failing morale", "From the unit's card; " + std::to_string(t.campaign.promotion_battles) +
                                 " with this one promote", 0, 1000, "0"));
    a.inputs.push_back(kit::flag_input("earlier-victory", "A victory among those battles", "From the unit's card"));
    a.inputs.push_back(kit::flag_input("capitulation", "This battle conquered a country", "From battle-result"));
    return a;
}

ActionSpec sway(const Tables&) {
    auto a = action("sway", "Leader's oratory",
                    "Enemy figures first within 6\" of a revolutionary leader are swayed on a 1",
                    "III Bolshevik Revolutionaries and Bomb-Throwing Anarchists", true, false, true);
    a.inputs.push_back(kit::count_input("figures", "Enemy figures within reach", "", 1, kMaxFigures, ""));
    return a;
}

} // namespace

std::vector<ActionSpec> declare_actions(const Tables& t) {
    const Options& o = t.options;
    std::vector<ActionSpec> out{rifle_fire(t), mg_fire(t)};
    if (o.mad_minute) out.push_back(mad_minute(t));
    out.push_back(artillery_fire(t));
    out.push_back(shell_hits(t));
    if (o.obsolete_weapons) {
        out.push_back(canister(t));
        out.push_back(solid_shot(t));
        out.push_back(shot_hits(t));
        out.push_back(load_gun(t));
    }
    out.push_back(move(t));
    out.push_back(line_of_sight(t));
    out.push_back(melee(t));
    out.push_back(morale(t));
    out.push_back(spike(t));
    out.push_back(draft(t));
    out.push_back(claim_gun(t));
    out.push_back(average_quality(t));
    if (o.general_headquarters) out.push_back(ghq_assault(t));
    if (o.army_morale) out.push_back(army_morale(t));
    if (o.officers) out.push_back(officer_killed(t));
    if (o.standards) out.push_back(standard(t));
    out.push_back(reinforce(t));
    out.push_back(campaign_transfer(t));
    out.push_back(battle_result(t));
    out.push_back(campaign_quality(t));
    if (o.scenario_rules) out.push_back(sway(t));
    return out;
}

} // namespace umpire::edwardian

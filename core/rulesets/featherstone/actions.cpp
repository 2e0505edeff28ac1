// The declared actions: ids, inputs, bounds and help. The GUI form, the CLI flags and input
// validation all come from these declarations; their choices come from the reference tables.
#include "rulesets/featherstone/featherstone.h"
#include "rulesets/featherstone/mechanics.h"

#include "kit/input_builders.h"

namespace umpire::featherstone {

using rules::ActionSpec;
using rules::Choice;
using rules::InputSpec;

namespace {

using kit::choice_input;
using kit::count_input;
using kit::flag_input;
using kit::kMaxFigures;

ActionSpec action(std::string id, std::string name, std::string summary, std::string where, bool unit,
                  bool target_optional) {
    ActionSpec a = kit::action(std::move(id), std::move(name), std::move(summary), cite(where));
    a.needs_unit = unit;
    a.target_optional = target_optional;
    return a;
}

template <typename Rows>
std::vector<Choice> rows_of(const Rows& rows) {
    std::vector<Choice> out;
    for (const auto& r : rows) out.push_back({r.id, r.name, 0, {}});
    return out;
}

std::vector<Choice> small_arms(const Tables& t) {
    std::vector<Choice> out;
    for (const auto& w : t.weapons)
        if (w.kind == WeaponKind::SmallArms) out.push_back({w.id, w.name, 0, {}});
    return out;
}

std::vector<Choice> qualities(const Tables& t) {
    std::vector<Choice> out;
    for (const auto& q : t.qualities) out.push_back({q.id, q.name + " (" + signed_text(q.grade) + ")", q.grade, {}});
    return out;
}

std::vector<Choice> leaders(const Tables& t) {
    return {{"none", "No leader", 0, {}},
            {"involved", "A leader involved in the fight (" + signed_text(t.melee.leader_involved) + ")", 0, {}},
            {"attached", "A leader attached to the unit (" + signed_text(t.melee.leader_attached) + ")", 0, {}}};
}

// A general's modifiers as choices: "plus-1" is +1, "even" 0, "minus-2" -2; "none": no general.
std::vector<Choice> general_values(const std::vector<int>& values, const std::string& none) {
    std::vector<Choice> out{{"none", none, 0, {}}};
    for (int v : values)
        out.push_back({v > 0 ? "plus-" + std::to_string(v) : v < 0 ? "minus-" + std::to_string(-v) : "even",
                       signed_text(v), v, {}});
    return out;
}

InputSpec type_input(const Tables& t, std::string id, std::string label) {
    return choice_input(std::move(id), std::move(label), rows_of(t.troop_types), "infantry");
}

InputSpec cover_input(const Tables& t, std::string id, std::string label) {
    return choice_input(std::move(id), std::move(label), rows_of(t.saves.cover), "open",
                        "Where the unit stands, for its saving rolls");
}

void add_target(const Tables& t, ActionSpec& a) {
    a.inputs.push_back(type_input(t, "target-type", "Target troops"));
    a.inputs.push_back(flag_input("target-armoured", "Target armoured", "Cuirassiers and life guards save on 4+"));
    a.inputs.push_back(flag_input("target-charging", "Target is charging",
                                  "A charging unit losing 1/4 of its figures is halted; charging cavalry are shot at long range"));
    a.inputs.push_back(cover_input(t, "cover", "Target's cover"));
    a.inputs.push_back(flag_input("support", "Supporting fire into a melee", "At half strength; only units that did not move"));
}

ActionSpec shoot(const Tables& t) {
    auto a = action("shoot", "Infantry shooting",
                    "1 die per 5 figures; dice at or under the range's number count their pips as hits; then saves",
                    "Infantry shooting", true, true);
    a.inputs.push_back(count_input("figures", "Figures shooting", "In the 2 firing ranks; a square: those on one side", 0,
                                   kMaxFigures, ""));
    a.inputs.push_back(choice_input("weapon", "Weapon", small_arms(t), "musket"));
    a.inputs.push_back(kit::distance_input("range", "Range", "e.g. 4, 4\" or 10cm (table distance; the battle's scale applies)"));
    a.inputs.push_back(flag_input("flank", "Into the enemy's flank", "+1 to the number"));
    a.inputs.push_back(flag_input("disordered", "Shooters disordered", "Halve the final hits, rounding up"));
    a.inputs.push_back(flag_input("square", "Shooters in square", "A quarter of the figures per side, up to 4 shots a turn"));
    add_target(t, a);
    return a;
}

ActionSpec artillery(const Tables& t) {
    auto a = action("artillery", "Artillery shooting",
                    "1 die per battery against the band's number (canister always hits), a damage die per hit; "
                    "counter-battery on 2d6",
                    "Artillery shooting", true, true);
    a.inputs.push_back(kit::distance_input("range", "Range", "Table distance to the target"));
    a.inputs.push_back(choice_input("battery", "Battery", rows_of(t.artillery.batteries), "field"));
    a.inputs.push_back(count_input("crew", "Crew left", "3-4 may move and fire; 2 fire or move; 1 fires every other turn", 0,
                                   100, "4"));
    a.inputs.push_back(choice_input("moved", "Moved or turned this turn",
                                    {{"no", "Not moved", 0, {}},
                                     {"turned", "Turned 45 degrees or less", 0, {}},
                                     {"half", "Moved up to half", 0, {}},
                                     {"more", "Moved more than half, or turned more", 0, {}}},
                                    "no"));
    a.inputs.push_back(choice_input("aim", "Target formation", {{"none", "Line or other", 0, {}},
                                                                 {"assault-column", "Assault column (+1)", 0, {}},
                                                                 {"square", "Square (+2)", 0, {}},
                                                                 {"flank", "A flank (+2)", 0, {}},
                                                                 {"march-column", "March column (+2)", 0, {}}},
                                    "none", "Added to the damage at short range or longer"));
    add_target(t, a);
    return a;
}

ActionSpec save(const Tables& t) {
    auto a = action("save", "Saving rolls", "A die per hit: the save number or more negates it", "Saving Rolls", true, false);
    a.inputs.push_back(count_input("hits", "Hits", "Hits to save", 0, kMaxFigures, ""));
    a.inputs.push_back(choice_input("against", "Hits from", {{"shooting", "Shooting or artillery", 0, {}},
                                                             {"melee", "Melee", 0, {}}},
                                    "shooting"));
    a.inputs.push_back(type_input(t, "type", "Troops"));
    a.inputs.push_back(flag_input("armoured", "Armoured", "Cuirassiers and life guards save on 4+"));
    a.inputs.push_back(cover_input(t, "cover", "Cover"));
    return a;
}

void add_side(const Tables& t, ActionSpec& a, const std::string& p, const std::string& who) {
    a.inputs.push_back(count_input(p + "figures", who + " figures fighting", "In the front 3 ranks (infantry) or 2 (cavalry)",
                                   0, kMaxFigures, ""));
    a.inputs.push_back(type_input(t, p + "type", who + " troops"));
    a.inputs.push_back(choice_input(p + "quality", who + " grade", qualities(t), "regular"));
    a.inputs.push_back(flag_input(p + "lancers", who + " lancers", "First shot on cavalry without lances; not halved on squares"));
    a.inputs.push_back(flag_input(p + "armoured", who + " armoured", "Cuirassiers and life guards save on 4+"));
    a.inputs.push_back(flag_input(p + "reroll", who + " reroll one die", "Grenadiers and guards of the infantry"));
    a.inputs.push_back(flag_input(p + "disordered", who + " disordered", "Hits halved"));
    a.inputs.push_back(choice_input(p + "leader", who + " leader", leaders(t), "none"));
    a.inputs.push_back(cover_input(t, p + "cover", who + " cover"));
}

ActionSpec melee(const Tables& t) {
    auto a = action("melee", "Melee",
                    "Both sides roll as in shooting at 4 or less, save, and the loser is who took the most "
                    "(plus grade and leader; ties to the defender)",
                    "Melee", true, true);
    add_side(t, a, "", "Attacker");
    add_side(t, a, "enemy-", "Defender");
    a.inputs.push_back(flag_input("charged", "Attacker charged this turn", "Cavalry charging infantry count double"));
    a.inputs.push_back(flag_input("square", "Defender in square", "Half its figures fight; cavalry must inflict 4 or lose"));
    auto open = flag_input("open", "Fought in the open", "Skirmishers count half their hits in the open");
    open.fallback = "yes";
    a.inputs.push_back(open);
    a.inputs.push_back(count_input("fired-first", "Defender fired first: casualties it caused",
                                   "That shot was its melee: it does not roll", 0, kMaxFigures, "0"));
    a.inputs.push_back(flag_input("caught", "Defending skirmishers caught in retreat",
                                  "Caught as they evade: they may not strike back"));
    return a;
}

ActionSpec morale(const Tables& t) {
    auto a = action("morale", "Morale",
                    "One die, modified, on the Rally, Charged or Lost Melee column; the result is applied", "Morale",
                    true, false);
    a.inputs.push_back(choice_input("check", "Why the check",
                                    {{"rally", "Rally: the start of the turn, to recover from disorder", 0, {}},
                                     {"charged", "Charged", 0, {}},
                                     {"casualties", "Casualties while charging (the Rally column)", 0, {}},
                                     {"charged-after-casualties", "Charged and due a check from casualties", 0, {}},
                                     {"lost-melee", "Lost a melee", 0, {}}},
                                    "rally"));
    a.inputs.push_back(type_input(t, "type", "Troops"));
    a.inputs.push_back(choice_input("quality", "Grade", qualities(t), "regular"));
    a.inputs.push_back(count_input("strength", "Original strength", "Figures at the start", 1, kMaxFigures, "24"));
    a.inputs.push_back(count_input("lost", "Figures lost so far", "-1 per full 25% of the original strength", 0, kMaxFigures, "0"));
    a.inputs.push_back(choice_input("general-near", "General within 4\"", general_values(t.morale.general_near, "None"), "none",
                                    "The player's choice; he risks a stray round near the enemy"));
    a.inputs.push_back(choice_input("general-attached", "General attached",
                                    general_values(t.morale.general_attached, "None"), "none"));
    a.inputs.push_back(kit::id_input("general", "Which general", "For his influence roll", rules::IdOf::Commander));
    a.inputs.push_back(flag_input("threatened", "In canister range of enemy guns or in contact", "-1, rally only"));
    a.inputs.push_back(flag_input("safe", "No enemy within 8\" of the unit or threatening it", "No influence roll"));
    a.inputs.push_back(flag_input("leader-killed", "Its unit commander was killed", "-1 for the rest of the game"));
    a.inputs.push_back(flag_input("charged-by-cavalry", "Charged by cavalry", "Infantry must form square when called for"));
    a.inputs.push_back(kit::asked_input(kit::player_choice(t.choices, "response")));
    a.inputs.push_back(flag_input("moved", "Moved this turn", "No first fire"));
    a.inputs.push_back(flag_input("enemy-in-reach", "An enemy within 1 charge move",
                                  "A rally of 7 must then charge it in the charging step"));
    return a;
}

std::vector<Choice> formations(const Tables& t, bool same) {
    std::vector<Choice> out;
    if (same) out.push_back({"same", "No change", 0, {}});
    for (const auto& f : t.formations) out.push_back({f.id, f.name, 0, {}});
    return out;
}

ActionSpec move(const Tables& t) {
    auto a = action("move", "Move", "The rate by type and formation, terrain, obstacles, roads and formation changes",
                    "Movement", true, false);
    a.inputs.push_back(type_input(t, "type", "Troops"));
    a.inputs.push_back(choice_input("formation", "Formation", formations(t, false), "line"));
    a.inputs.push_back(choice_input("to-formation", "Change formation to", formations(t, true), "same", "Costs half the move"));
    a.inputs.push_back(flag_input("any-direction", "In any direction or facing", "At half rate (artillery at full speed)"));
    a.inputs.push_back(flag_input("terrain", "Through area terrain", "Half speed, unless along a road"));
    a.inputs.push_back(flag_input("road", "Entirely by road", "March column +3\"; artillery double"));
    a.inputs.push_back(count_input("obstacles", "Linear obstacles crossed", "3\" each", 0, 20, "0"));
    a.inputs.push_back(kit::distance_input("distance", "Distance moved", "Checked against the allowance", false));
    return a;
}

ActionSpec charge(const Tables& t) {
    auto a = action("charge", "Charge", "A charge move; the charged unit checks morale on the Charged column", "Melee", true, true);
    a.inputs.push_back(type_input(t, "type", "Charging troops"));
    a.inputs.push_back(choice_input("formation", "Formation", formations(t, false), "line"));
    a.inputs.push_back(type_input(t, "target-type", "Charged troops"));
    a.inputs.push_back(flag_input("terrain", "Through area terrain", "Half speed"));
    a.inputs.push_back(kit::distance_input("distance", "Distance to the enemy", "Checked against the charge move", false));
    a.inputs.push_back(flag_input("target-evades", "Skirmishers evade", "They flee up to a move and are disordered"));
    return a;
}

ActionSpec pursue(const Tables& t) {
    auto a = action("pursue", "Pursuit", "Victorious infantry 1D6\"; cavalry the rest of the move +1D6\" (2D6\" if impetuous)",
                    "Morale", true, false);
    a.inputs.push_back(type_input(t, "type", "Troops"));
    a.inputs.push_back(flag_input("impetuous", "Impetuous this turn", "Cavalry that charged: +2D6\""));
    return a;
}

ActionSpec recall(const Tables& t) {
    auto a = action("recall", "Sound the recall",
                    "Cavalry with a \"No Move\" result within 8\" of an enemy retreat 1 move, disordered", "Special Rules",
                    true, false);
    a.inputs.push_back(type_input(t, "type", "Troops"));
    a.inputs.push_back(flag_input("enemy-near", "Within 8\" of an enemy", "The recall is for cavalry near the enemy"));
    return a;
}

ActionSpec leader_hit(const Tables&) {
    auto a = action("leader-hit", "Leader hit?", "6 or more hits: the unit's leader or attached general is hit on 1-2",
                    "Death of a leader", true, false);
    a.inputs.push_back(choice_input("who", "Who is diced for", {{"general", "The attached general", 0, {}},
                                                               {"unit-leader", "The unit's commander", 0, {}}},
                                    "unit-leader"));
    a.inputs.push_back(kit::id_input("general", "Which general", "The general attached to the unit", rules::IdOf::Commander));
    return a;
}

ActionSpec overrun(const Tables&) {
    auto a = action("overrun", "General overrun", "A general overrun by the enemy is removed on 1-3", "Death of a leader",
                    false, false);
    a.inputs.push_back(kit::id_input("general", "Which general", "The general overrun", rules::IdOf::Commander));
    a.inputs.push_back(choice_input("fate", "If removed, he is", {{"killed", "Killed", 0, {}}, {"captured", "Captured", 0, {}}},
                                    "killed"));
    return a;
}

} // namespace

std::vector<ActionSpec> declare_actions(const Tables& t) {
    return {shoot(t),  artillery(t), save(t),   melee(t),  morale(t),     move(t),
            charge(t), pursue(t),    recall(t), leader_hit(t), overrun(t)};
}

} // namespace umpire::featherstone

// The declared actions: ids, inputs, bounds and help. The GUI form, the CLI flags and input
// validation all come from these declarations; their choices come from the reference tables.
#include "rulesets/square-hearts/square_hearts.h"

#include "kit/input_builders.h"
#include "rulesets/square-hearts/mechanics.h"

namespace umpire::square_hearts {

namespace {

using rules::ActionSpec;
using rules::Choice;

ActionSpec action(std::string id, std::string name, std::string summary, const std::string& where, bool unit,
                  bool target) {
    ActionSpec a = kit::action(std::move(id), std::move(name), std::move(summary), cite(where));
    a.needs_unit = unit;
    a.needs_target = target;
    return a;
}

template <typename Row>
std::vector<Choice> choices(const std::vector<Row>& rows) {
    std::vector<Choice> out;
    for (const auto& r : rows) out.push_back({r.id, r.name, 0, {}});
    return out;
}

// The modifiers the umpire ticks: the rows the rules do not apply by themselves.
std::vector<Choice> tickable(const std::vector<Modifier>& rows) {
    std::vector<Choice> out;
    for (const auto& m : rows)
        if (!m.automatic) out.push_back({m.id, m.name, m.value, m.help});
    return out;
}

rules::InputSpec commander_input(const std::string& help) {
    return kit::id_input("commander", "Commander", help, rules::IdOf::Commander);
}

ActionSpec orders(const Tables& t) {
    auto a = action("orders", "Orders",
                    "A commander rolls " + kit::dice_text(t.commanders.order_dice) +
                        ": the orders he may give this turn (the Army General may defer)",
                    "Orders (line 15)", false, false);
    a.inputs.push_back(commander_input("The commander rolling for his orders"));
    a.inputs.push_back(kit::flag_input("defer", "Defer (Army General)",
                                       "The Army General defers his die to next turn; then he defers again or rolls " +
                                           kit::dice_text(t.commanders.deferred_dice) + ". Decided before any order die is rolled."));
    return a;
}

ActionSpec move(const Tables& t) {
    auto a = action("move", "Move", "A unit with an order moves: areas by type, terrain, roads, the enemy near",
                    "Movement (lines 19-28)", true, false);
    a.inputs.push_back(kit::areas_input("areas", "Areas moved", "The steps the unit moved."));
    a.inputs.push_back(kit::choice_input("type", "Troop type", choices(t.troop_types), "infantry"));
    a.inputs.push_back(commander_input("Who gives the order (one of his orders this turn is spent)"));
    a.inputs.push_back(kit::areas_input("from-commander", "Areas from the commander",
                                        "From the ordering subordinate to the unit; 0: the same area. Blank: within " +
                                            std::to_string(t.commanders.order_range) + ".",
                                        false));
    a.inputs.push_back(kit::flag_input("shoots", "Shoots this turn too",
                                       "It shoots before or after moving: the shorter move of its type"));
    a.inputs.push_back(kit::flag_input("road", "In column along a road",
                                       "Following a road the whole move: +" + std::to_string(t.movement.road_bonus) +
                                           " area, no shooting"));
    a.inputs.push_back(kit::flag_input("difficult", "Enters difficult terrain", "Woods, buildings, steep slopes, fordable rivers"));
    a.inputs.push_back(kit::flag_input("enemy", "Ends adjacent to known enemy", "It must stop and face an enemy unit"));
    a.inputs.push_back(kit::flag_input("began-adjacent", "Began its turn adjacent to an enemy",
                                       "It moves only to an area not adjacent to any enemy"));
    a.inputs.push_back(kit::flag_input("occupied", "Ends in an occupied area", "Only 1 unit may occupy an area"));
    return a;
}

ActionSpec shoot(const Tables& t) {
    auto a = action("shoot", "Shoot",
                    "The weapon's dice (small arms, artillery or MG): each " + std::to_string(t.shooting.hit_on) +
                        "+ after modifiers hits",
                    "Shooting (lines 30-53)", true, true);
    a.inputs.push_back(kit::areas_input("range", "Range", "From the centre of the firing area to the target's."));
    a.inputs.push_back(kit::choice_input("weapon", "Weapon", choices(t.weapons), "rifle"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Modifiers", tickable(t.shooting.modifiers)));
    a.inputs.push_back(kit::flag_input("column", "Target in road column", "A dense target: an extra die"));
    a.inputs.push_back(kit::id_input("behind", "Unit behind the target",
                                     "Adjacent to the target on the line of fire extended: an extra die at it, as obscured",
                                     rules::IdOf::Unit));
    a.inputs.push_back(kit::flag_input("observed", "Observed (indirect) fire", "Range at least " +
                                                                                    std::to_string(t.shooting.observed_min_range) +
                                                                                    " areas, through an observer"));
    a.inputs.push_back(kit::id_input("observer", "Observer", "The unit that sees the target", rules::IdOf::Unit));
    a.inputs.push_back(kit::choice_input("link", "Observer's link",
                                         {{"telephone", "Telephone (cut when either end moves)", 0, {}},
                                          {"radio", "Radio (connects on " + std::to_string(t.shooting.radio_on) + "+ each turn)", 0, {}}},
                                         "telephone"));
    a.inputs.push_back(kit::flag_input("adjacent", "Firer adjacent to an enemy", "A unit adjacent to the enemy may not shoot"));
    return a;
}

ActionSpec melee(const Tables& t) {
    auto a = action("melee", "Melee",
                    kit::dice_text(t.melee.dice) + " per unit against enemies adjacent in its arc (" +
                        kit::dice_text(t.melee.column_dice) + " in road column): each " + std::to_string(t.melee.hit_on) +
                        "+ hits",
                    "Melee (lines 55-58)", true, true);
    // Not "dice": on the command line --dice is the dice typed as rolled.
    auto dice = kit::count_input("split", "Dice at this target (the split)",
                                 "Its dice may be split among eligible targets, decided before rolling; blank: all its "
                                 "dice left this phase",
                                 1, t.melee.dice);
    dice.required = false;
    a.inputs.push_back(dice);
    a.inputs.push_back(kit::choice_input("type", "Troop type", choices(t.troop_types), "infantry"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Modifiers", tickable(t.melee.modifiers)));
    a.inputs.push_back(kit::flag_input("column", "In road column",
                                       kit::dice_text(t.melee.column_dice) + " instead of " + kit::dice_text(t.melee.dice)));
    a.inputs.push_back(kit::flag_input("rear-support", "Rear support",
                                       "An infantry unit directly behind adds " + kit::dice_text(t.melee.support_dice) +
                                           ", no modifiers, hitting on " + std::to_string(t.melee.support_hits_on)));
    return a;
}

ActionSpec rally(const Tables& t) {
    auto a = action("rally", "Rally",
                    "1 die: " + std::to_string(t.rally.rally_on) + "+ cancels a hit; a broken unit that fails is routed",
                    "Hits and rallying (line 60)", true, false);
    a.inputs.push_back(kit::modifiers_input("modifiers", "Modifiers", tickable(t.rally.modifiers)));
    a.inputs.push_back(kit::flag_input("adjacent", "Adjacent to an enemy", "A unit which rallies may not be; a broken one is routed"));
    return a;
}

ActionSpec commander(const Tables& t) {
    auto a = action("commander", "Commander moves",
                    "A commander moves " + std::to_string(t.commanders.move) +
                        " areas, no order needed, and joins the unit chosen",
                    "Commanders (line 17)", false, false);
    a.unit_optional = true;
    a.inputs.push_back(commander_input("The commander moving"));
    a.inputs.push_back(kit::areas_input("areas", "Areas moved", "Up to " + std::to_string(t.commanders.move) + "."));
    a.inputs.push_back(kit::flag_input("enemy", "Alone next to the enemy", "Not attached and adjacent to an enemy: he rolls for capture"));
    return a;
}

ActionSpec capture() {
    auto a = action("capture", "Capture", "A commander alone next to the enemy: he escapes on a roll equal to or higher",
                    "Commanders (line 17)", false, false);
    a.inputs.push_back(commander_input("The commander at risk"));
    return a;
}

ActionSpec replacement() {
    auto a = action("replacement", "Replacement", "A killed commander's replacement takes over, at the end of the next turn",
                    "Commanders (line 17)", false, false);
    a.inputs.push_back(commander_input("The commander killed"));
    return a;
}

ActionSpec off_board() {
    return action("off-board", "Off the board",
                  "A broken unit whose retreat began on the board edge goes off it: removed, lost to its army",
                  "Hits and rallying (line 60)", true, false);
}

} // namespace

std::vector<rules::ActionSpec> declare_actions(const Tables& t) {
    return {orders(t), move(t), shoot(t), melee(t), rally(t), off_board(), commander(t), capture(), replacement()};
}

} // namespace umpire::square_hearts

// What the unit card says of a unit in words: its formation, the shots its battery has fired of
// its supply, and what this turn's morale and melee left it with (the counters the rules keep).
#include "rulesets/featherstone/featherstone.h"
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

namespace {

using Note = rules::Ruleset::UnitNote;

// A counter holding a turn number: it says something this turn only; from an earlier turn it
// says nothing (a note without a label), so the card does not show it as a raw counter either.
void this_turn(std::vector<Note>& notes, const model::Battle& b, const model::Unit& u, const char* key,
               const std::string& label, const std::string& value) {
    if (stamped(b, u, key))
        notes.push_back({label, value, {key}});
    else if (kit::counter(u, key))
        notes.push_back({{}, {}, {key}});
}

} // namespace

std::vector<rules::Ruleset::UnitNote> Featherstone::unit_notes(const model::Battle& b, const model::Unit& u) const {
    const Tables& t = tables();
    std::vector<Note> notes;
    // In square it fights and is shot at as a square (Infantry Square): the Status line says so.
    if (const Formation* f = t.formation(formation_of(t, u)))
        notes.push_back({"Formation", f->name, {key::formation}, f->id == "square" ? "in square" : ""});
    if (is_arm(t, u, Arm::Artillery)) {
        notes.push_back({"Shots", std::to_string(kit::counter(u, key::shots)) + " of " + std::to_string(t.artillery.shots) +
                                      " fired this game",
                         {key::shots, key::fired_turn}});
        if (kit::counter(u, key::destroyed)) notes.push_back({"Gun", "destroyed", {key::destroyed}});
    }
    if (kit::counter(u, key::leader_killed))
        notes.push_back({"Leader", "killed: -1 to its morale for the rest of the game", {key::leader_killed}});
    this_turn(notes, b, u, key::no_move, "This turn", "may not move (morale)");
    this_turn(notes, b, u, key::half_move, "This turn", "half move (morale)");
    this_turn(notes, b, u, key::must_charge, "This turn", "must charge an enemy within reach (morale)");
    this_turn(notes, b, u, key::first_fire, "This turn", "may fire first (morale)");
    if (stamped(b, u, key::charged_at)) {
        const model::Unit* by = b.unit(kit::counter(u, key::charged_by));
        notes.push_back({"This turn", "charged" + (by ? " by " + by->name : std::string()), {key::charged_at, key::charged_by}});
    } else if (kit::counter(u, key::charged_at)) {
        notes.push_back({{}, {}, {key::charged_at, key::charged_by}});
    }
    this_turn(notes, b, u, key::lost_melee, "This turn", "lost a melee");
    this_turn(notes, b, u, key::won_melee, "This turn", "won a melee");
    this_turn(notes, b, u, key::halted, "This turn", "its charge was halted by fire");
    return notes;
}

} // namespace umpire::featherstone

// The battery's spotter (I Artillery Fire): "an associated artillery spotter figure who is not in
// combat contact with the enemy (designated at start of play for each battery)" lets a gun fire over
// obstructions and troops at what the spotter sees. A roster designates it with the trait
// spotter-for = "<battery name>".
#include "rulesets/edwardian/guns.h"

#include "model/names.h"

namespace umpire::edwardian {

namespace {
const std::string kCite = "I Artillery Fire";
}

const model::Unit* spotter_of(const model::Battle& battle, const model::Unit& battery) {
    const model::Unit* found = nullptr;
    for (const auto& u : battle.units) {
        auto it = u.traits.find("spotter-for");
        if (it == u.traits.end() || side_of(u) != side_of(battery)) continue;
        if (model::lower(it->second) != model::lower(battery.name)) continue;
        if (u.on_table()) return &u;
        if (!found) found = &u;
    }
    return found;
}

void check_spotter(const Context& ctx, const Gun& gun, rules::Resolution& out) {
    if (ctx.inputs.choice("observer") != "spotter") return;
    const std::string firer = ctx.unit_name("The gun");
    if (gun.weapon->crew_sight_only)
        ctx.forbid(out, gun.weapon->name + " can only fire at targets which some member of the gun crew can see: it "
                                           "may not use remote observers",
                   cite("II Obsolete Weaponry"));
    if (ctx.unit) {
        const model::Unit* spotter = spotter_of(ctx.battle, *ctx.unit);
        if (!spotter)
            ctx.forbid(out, firer + " has no spotter: spotters are designated at the start of play for each battery "
                                    "(the roster's spotter-for trait names the battery)",
                       cite(kCite));
        else if (!spotter->on_table())
            ctx.forbid(out, firer + "'s spotter, " + spotter->name + ", is no longer on the table", cite(kCite));
        else
            out.steps.push_back({"Spotter: " + spotter->name + ", designated for " + firer, cite(kCite)});
    }
    if (ctx.inputs.flag("spotter-in-contact"))
        ctx.forbid(out, "the spotter must not be in combat contact with the enemy to see for the gun", cite(kCite));
}

} // namespace umpire::edwardian

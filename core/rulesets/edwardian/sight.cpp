// Line of sight (I Effects of Terrain on Play): the shadow rule. An obstruction as high as the
// higher unit blocks; a lower one blocks only inside the "shadow", the part of the line nearest
// the lower unit: half of it at one level of difference, a quarter at two, halved again for
// each further level. Woods and buildings are half a level tall and can be seen into.
#include "rulesets/edwardian/mechanics.h"

#include "rules/distance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace umpire::edwardian {

namespace {

const std::string kSightCite = "I Effects of Terrain on Play";

void answer(bool visible, const std::string& why, rules::Resolution& out) {
    out.steps.push_back({why, cite(kSightCite)});
    out.results["visible"] = visible ? 1 : 0;
    out.outcome = visible ? "Visible" : "Not visible";
    out.chances.push_back({"visible", visible ? 1.0 : 0.0});
}

std::string level_text(double level) {
    char buf[16];
    std::snprintf(buf, sizeof buf, std::fabs(level - std::round(level)) < 1e-9 ? "%.0f" : "%.1f", level);
    return buf;
}

// 0.5 -> "half", 0.25 -> "quarter", 0.125 -> "1/8".
std::string fraction_text(double f) {
    const double n = 1.0 / f;
    if (std::fabs(n - 2) < 1e-9) return "half";
    if (std::fabs(n - 4) < 1e-9) return "quarter";
    char buf[24];
    std::snprintf(buf, sizeof buf, std::fabs(n - std::round(n)) < 1e-9 ? "1/%.0f" : "%.3f", std::fabs(n - std::round(n)) < 1e-9 ? n : f);
    return buf;
}

} // namespace

void resolve_line_of_sight(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const int observer = ctx.inputs.count("observer-level");
    const int observed = ctx.inputs.count("observed-level");
    const int higher = std::max(observer, observed);
    const int difference = std::abs(observer - observed);
    out.steps.push_back({"Observer on level " + std::to_string(observer) + ", observed on level " +
                             std::to_string(observed) + ": " + plural(difference, "level", "levels") + " of difference",
                         cite(kSightCite)});
    out.steps.push_back({"Sight works both ways: if one can see the other, the other can see the one. Troops "
                         "block only rifle fire, not sight",
                         cite(kSightCite)});

    if (ctx.inputs.flag("reverse-slope"))
        return answer(false, "Entirely on opposite sides of the hill's ridgeline: the reverse slope hides them", out);

    const std::string& kind = ctx.inputs.choice("obstruction");
    const Obstruction* o = t.obstruction(kind);
    if (!o) return answer(true, "No obstruction on the line", out);

    const double length = ctx.inputs.distance("length");
    const double from = ctx.inputs.has("from") ? ctx.inputs.distance("from") : 0.0;
    const double to = ctx.inputs.has("to") ? ctx.inputs.distance("to") : length;
    if (length <= 0) throw rules::InputError("length", "the line between the two bases must be longer than 0");
    if (from > to) throw rules::InputError("from", "the obstruction must start (Obstruction starts at) before it ends (Obstruction ends at)");
    if (to > length + 1e-9) throw rules::InputError("to", "the obstruction ends beyond the observed unit");

    const double top = ctx.inputs.count("obstruction-level") + o->height;
    out.steps.push_back({o->name + " on level " + std::to_string(ctx.inputs.count("obstruction-level")) +
                             ": its top is at level " + level_text(top) + ", from " +
                             table_distance(ctx.battle, from) + " to " + table_distance(ctx.battle, to) + " of a " +
                             table_distance(ctx.battle, length) + " line (measured from the observer)",
                         cite(kSightCite)});

    // Woods and buildings can be seen into: the one a unit stands in does not hide it.
    if (ctx.inputs.flag("inside") && (o->id == "woods" || o->id == "building")) {
        const bool at_observed = to >= length - 1e-9;
        const bool at_observer = from <= 1e-9;
        if (at_observed || at_observer)
            return answer(true, std::string("A unit stands in this ") + o->name +
                                    ": the line may enter it, and does not cross it",
                          out);
        throw rules::InputError("inside", "the obstruction does not reach either end of the line, so neither "
                                          "unit stands in it");
    }

    if (top >= higher - 1e-9)
        return answer(false, "The obstruction reaches level " + level_text(top) + ", as high as the higher unit "
                             "(level " + std::to_string(higher) + ") or higher: it blocks the line",
                      out);
    const int lower = std::min(observer, observed);
    if (top < lower - 1e-9 || difference == 0)
        return answer(true, "The obstruction (level " + level_text(top) + ") lies below the line between units "
                            "on level " + std::to_string(lower) + " and above: it does not block",
                      out);

    // The shadow lies along the line next to the lower unit.
    const double shadow = t.sight.first_shadow * std::pow(t.sight.shadow_factor, difference - 1);
    const bool lower_is_observer = observer < observed;
    const double near = lower_is_observer ? from : length - to;  // its nearest point to the lower unit
    const double shadow_length = shadow * length;
    const std::string where = "The shadow is the " + fraction_text(shadow) + " of the line nearest the lower unit (" +
                              table_distance(ctx.battle, shadow_length) + ")";
    if (near < shadow_length - 1e-9)
        return answer(false, where + "; the obstruction comes within " + table_distance(ctx.battle, near) +
                                 " of the lower unit, inside the shadow: it blocks",
                      out);
    return answer(true, where + "; the obstruction is no nearer than " + table_distance(ctx.battle, near) +
                            " to the lower unit, outside the shadow: the units see each other",
                  out);
}

} // namespace umpire::edwardian

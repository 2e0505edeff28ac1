// Melee (I Melee): opposed per-figure rolls. Every figure attacking, attacked or both rolls one
// die (once for both); a figure whose modified roll is greater than its target's kills it.
//
// The umpire describes the contacts in four shapes, which cover the table quickly:
//   pairs       a figure of each side with each other as targets
//   chains      figures in a line, each attacking the next (C attacks A while A attacks B), so a
//               figure both attacking and attacked rolls once for both (melee_chain.h)
//   groups      several figures on one enemy figure, which fights back at one of them (per side)
//   unanswered  a figure on an enemy figure that attacks no one (flank or rear; per side)
// Every figure is in exactly one shape and rolls exactly one die. The shapes share no figure, so
// the exact odds are the convolution of the shapes' joint outcomes (our losses, their losses).
#include "rulesets/edwardian/joint.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/melee_chain.h"
#include "rulesets/edwardian/state.h"

#include <algorithm>
#include <cmath>

namespace umpire::edwardian {

namespace {

const std::string kCite = "I Melee";

// One side as the umpire described it.
struct Fighter {
    std::string name;
    const model::Unit* unit;
    std::string prefix;  // "" for the unit's inputs, "enemy-" for the enemy's
    int modifier = 0;
    int groups = 0, group_size = 2, unanswered = 0;
};

// The outcome chances of k attackers on one target that fights back at the first of them, where
// each attacker's modified roll beats the target's when face + d > target face.
// Returns {none, attacker lost, target lost, both}.
std::array<double, 4> group_odds(int k, int d) {
    std::array<double, 4> p{0, 0, 0, 0};
    for (int t = 1; t <= 6; ++t) {
        int not_beating = 0;
        for (int f = 1; f <= 6; ++f)
            if (f + d <= t) ++not_beating;
        const double others_fail = std::pow(not_beating / 6.0, k - 1);
        for (int a = 1; a <= 6; ++a) {
            const double w = 1.0 / 36;
            const bool attacker_dies = t > a + d;
            const bool first_kills = a + d > t;
            if (attacker_dies) {
                p[3] += w * (1 - others_fail);
                p[1] += w * others_fail;
            } else if (first_kills) {
                p[2] += w;
            } else {
                p[2] += w * (1 - others_fail);
                p[0] += w * others_fail;
            }
        }
    }
    return p;
}

// Chosen modifiers for one side, checked against its troop type and against the opponent: a row
// for other troop types is bad input; what the text denies this side (support for Zulus, cover for
// chargers, close order for undisciplined troops, the Boers' -1 for others) is refused.
int side_modifier(const Context& ctx, const Fighter& f, const Fighter& opponent, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string input = f.prefix + "modifiers";
    const auto& chosen = ctx.inputs.modifiers(input);
    std::vector<Modifier> list = t.melee.modifiers;
    for (auto& m : list) {
        if (m.id == "cavalry-charging" && !t.options.charge_bonus_needs_open) m.requires_id.clear();
        if (!chosen.count(m.id)) continue;
        if (m.scenario && !t.options.scenario_rules)
            throw rules::InputError(input, m.name + " is a Section III suggestion this battle does not use");
        if (!f.unit) continue;
        const std::string& type = f.unit->troop_type;
        const bool listed = std::find(m.types.begin(), m.types.end(), type) != m.types.end();
        const bool barred = std::find(m.not_types.begin(), m.not_types.end(), type) != m.not_types.end();
        if ((!m.types.empty() && !listed) || barred)
            throw rules::InputError(input, m.name + " does not apply to " + f.unit->name + " (" + type + ")");
        if (m.id == "rear-support" && f.unit->has_trait("no-close-order-support") && t.options.scenario_rules)
            ctx.forbid(out, f.unit->name + " should not be given the supporting figure modifier for close order, "
                                           "though they may operate in close order",
                       cite("III The Zulu War"));
        if (m.id == "close-order" && open_order_only(t, *f.unit))
            ctx.forbid(out, f.unit->name + " are undisciplined troops, who operate only in open order: no close-order "
                                           "bonus",
                       cite("I Troops"));
        if (!m.trait.empty() && !f.unit->has_trait(m.trait))
            ctx.forbid(out, m.name + " is for units with the " + m.trait + " trait; " + f.unit->name + " has not",
                       cite("III The Second Anglo-Boer War"));
        if (!m.against.empty() && opponent.unit) {
            const model::Unit& o = *opponent.unit;
            const bool against_type = std::find(m.against.begin(), m.against.end(), o.troop_type) != m.against.end();
            if (!against_type || (!m.trait.empty() && o.has_trait(m.trait)))
                ctx.forbid(out, m.name + ": " + o.name + " is not regular " + m.against.front(),
                           cite("III The Second Anglo-Boer War"));
        }
    }
    check_no_cover_for_chargers(ctx, f.unit, list, chosen, out);
    int total = add_modifiers(list, chosen, f.name + ": ", cite(kCite), out, input);
    const int levels = ctx.inputs.count(f.prefix + "descending");
    if (levels > 0) {
        if (!t.melee.descending_requires.empty() && !chosen.count(t.melee.descending_requires))
            throw rules::InputError(f.prefix + "descending", "descending levels count only for cavalry charging");
        total += levels * t.melee.descending_level;
        out.steps.push_back({f.name + ": charged down " + plural(levels, "terrain level", "terrain levels") + " " +
                                 signed_text(levels * t.melee.descending_level),
                             cite(kCite)});
    }
    out.steps.push_back({f.name + ": modifier " + signed_text(total), cite(kCite)});
    return total;
}

void check_figures(const model::Battle& battle, const Fighter& f, int involved, const std::string& input) {
    if (!f.unit) return;
    const int standing = f.unit->figures + fallen_this_phase(battle, *f.unit);
    if (involved > standing)
        throw rules::InputError(input, "these contacts need " + std::to_string(involved) + " figures of " + f.name +
                                           ", which has " + std::to_string(standing));
}

// Rolled fights, tallied as we read the dice in the documented order.
struct Tally {
    int ours = 0;    // our figures lost
    int theirs = 0;  // their figures lost
};

std::vector<int> roll(const Context& ctx, const std::string& label, int n, int modifier, const std::string& why,
                      rules::Resolution& out) {
    auto values = ctx.dice->d6s(n, why);
    if (n > 0) out.dice.push_back({label, values, modifier, 0});
    return values;
}

void roll_pairs(const Context& ctx, const Fighter& a, const Fighter& b, int pairs, Tally& tally, rules::Resolution& out) {
    if (pairs == 0) return;
    auto ours = roll(ctx, "Pairs: " + a.name, pairs, a.modifier, "our dice in the pairs", out);
    auto theirs = roll(ctx, "Pairs: " + b.name, pairs, b.modifier, "the enemy dice in the pairs", out);
    int won = 0, lost = 0;
    for (int i = 0; i < pairs; ++i) {
        const int x = ours[static_cast<std::size_t>(i)] + a.modifier, y = theirs[static_cast<std::size_t>(i)] + b.modifier;
        if (x > y) ++won;
        if (y > x) ++lost;
    }
    tally.theirs += won;
    tally.ours += lost;
    out.steps.push_back({plural(pairs, "pair", "pairs") + ", read die by die: " + a.name + " wins " +
                             std::to_string(won) + ", " + b.name + " wins " + std::to_string(lost) + ", " +
                             std::to_string(pairs - won - lost) + " equal",
                         cite(kCite)});
}

// Chains: the unit's dice for all chains, then the enemy's, each chain from its first figure.
void roll_chains(const Context& ctx, const Fighter& a, const Fighter& b, const ChainShape& shape, int chains,
                 Tally& tally, rules::Resolution& out) {
    if (chains == 0) return;
    auto ours = roll(ctx, "Chains: " + a.name, chains * shape.unit_figures(), a.modifier,
                     "our figures' dice in the chains", out);
    auto theirs = roll(ctx, "Chains: " + b.name, chains * shape.enemy_figures(), b.modifier,
                       "the enemy figures' dice in the chains", out);
    std::size_t next_ours = 0, next_theirs = 0;
    for (int c = 0; c < chains; ++c) {
        std::vector<int> modified;
        std::string line;
        for (int i = 0; i < shape.length; ++i) {
            const bool mine = shape.unit_figure(i);
            const int v = mine ? ours[next_ours++] + a.modifier : theirs[next_theirs++] + b.modifier;
            modified.push_back(v);
            line += (i ? (shape.mutual_end && i == shape.length - 1 ? " <-> " : " -> ") : "") +
                    std::string(mine ? "ours " : "theirs ") + std::to_string(v);
        }
        const auto [lost, killed] = chain_losses(shape, modified);
        tally.ours += lost;
        tally.theirs += killed;
        out.steps.push_back({"Chain " + std::to_string(c + 1) + " (modified rolls, each attacking the next): " + line +
                                 ": " + a.name + " loses " + std::to_string(lost) + ", " + b.name + " loses " +
                                 std::to_string(killed),
                             cite(kCite)});
    }
}

// `atk` figures in groups on single figures of `def`; `atk_loss` / `def_loss` are the tallies.
void roll_groups(const Context& ctx, const Fighter& atk, const Fighter& def, int& atk_loss, int& def_loss,
                 rules::Resolution& out) {
    if (atk.groups == 0) return;
    auto targets = roll(ctx, "Groups: " + def.name + " (targets)", atk.groups, def.modifier,
                        "the dice of figures attacked by groups", out);
    auto attackers = roll(ctx, "Groups: " + atk.name + " (" + std::to_string(atk.group_size) + " per group)",
                          atk.groups * atk.group_size, atk.modifier, "the dice of figures in groups", out);
    int killed_targets = 0, killed_attackers = 0;
    for (int g = 0; g < atk.groups; ++g) {
        const int t = targets[static_cast<std::size_t>(g)] + def.modifier;
        bool target_dies = false;
        for (int i = 0; i < atk.group_size; ++i)
            if (attackers[static_cast<std::size_t>(g * atk.group_size + i)] + atk.modifier > t) target_dies = true;
        const int first = attackers[static_cast<std::size_t>(g * atk.group_size)] + atk.modifier;
        if (t > first) ++killed_attackers;
        if (target_dies) ++killed_targets;
    }
    def_loss += killed_targets;
    atk_loss += killed_attackers;
    out.steps.push_back({plural(atk.groups, "group", "groups") + " of " + std::to_string(atk.group_size) + " " +
                             atk.name + " figures, each on one " + def.name + " figure that fights back at the "
                             "first of them: " + std::to_string(killed_targets) + " " + def.name + " killed, " +
                             std::to_string(killed_attackers) + " " + atk.name + " killed",
                         cite(kCite)});
}

void roll_unanswered(const Context& ctx, const Fighter& atk, const Fighter& def, int& def_loss, rules::Resolution& out) {
    if (atk.unanswered == 0) return;
    auto attackers = roll(ctx, "Unanswered: " + atk.name, atk.unanswered, atk.modifier, "the unanswered attackers' dice", out);
    auto targets = roll(ctx, "Unanswered: " + def.name + " (targets)", atk.unanswered, def.modifier,
                        "the dice of figures attacked from flank or rear", out);
    int killed = 0;
    for (int i = 0; i < atk.unanswered; ++i)
        if (attackers[static_cast<std::size_t>(i)] + atk.modifier > targets[static_cast<std::size_t>(i)] + def.modifier)
            ++killed;
    def_loss += killed;
    out.steps.push_back({plural(atk.unanswered, "unanswered attack", "unanswered attacks") + " by " + atk.name + ": " +
                             std::to_string(killed) + " " + def.name + " killed",
                         cite(kCite)});
}

// III Revolutionaries: the loyal crew of a gun fight its swayed crewmen for it. The swayed, now of
// the revolutionaries' unit, are the ones at the gun, so that unit's losses in this melee fall on
// them first; the gun's loyalty is settled when none of them, or none of the loyal crew, is left.
void fight_for_the_gun(Changes& changes, const Fighter& crew, const Fighter& other, int crew_lost,
                       int other_lost, rules::Resolution& out) {
    if (!crew.unit || !other.unit) return;
    const int contested = changes.unit_counter(*crew.unit, key::loyalty_contested);
    if (contested <= 0 || changes.unit_counter(*crew.unit, key::swayed_to) != other.unit->id) return;
    const int left = std::max(0, contested - other_lost);
    const bool loyal_gone = changes.figures(*crew.unit) == 0;
    const int after = loyal_gone ? 0 : left;
    changes.set_unit_counter(*crew.unit, key::loyalty_contested, after, "the fight for the gun");
    const std::string citation = cite("III Bolshevik Revolutionaries and Bomb-Throwing Anarchists");
    if (loyal_gone)
        out.steps.push_back({crew.unit->name + "'s loyal crew are all down: the gun's loyalty is settled, and it stands "
                             "abandoned to the side that claims it",
                             citation});
    else if (after == 0)
        out.steps.push_back({"The swayed crewmen are all down: " + crew.unit->name + "'s loyalty is settled and it may "
                             "fire again",
                             citation});
    else
        out.steps.push_back({plural(after, "swayed crewman still fights", "swayed crewmen still fight") + " for " +
                                 crew.unit->name + " (" + std::to_string(crew_lost) + " loyal lost): no firing until "
                                 "its loyalty is settled",
                             citation});
}

} // namespace

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Fighter a{ctx.unit_name(), ctx.unit, "", 0, 0, 2, 0};
    Fighter b{ctx.target_name("The enemy"), ctx.target, "enemy-", 0, 0, 2, 0};
    const int pairs = ctx.inputs.count("pairs");
    const int chains = ctx.inputs.count("chains");
    ChainShape chain;
    chain.length = ctx.inputs.count("chain-length");
    chain.unit_first = ctx.inputs.choice("chain-start") == "unit";
    chain.mutual_end = ctx.inputs.choice("chain-end") == "mutual";
    if (chain.length < 3 || chain.length > t.melee.max_chain)
        throw rules::InputError("chain-length", "a chain is 3 to " + std::to_string(t.melee.max_chain) +
                                                    " figures (two figures are a pair or an unanswered attack)");
    for (Fighter* f : {&a, &b}) {
        f->groups = ctx.inputs.count(f->prefix + "groups");
        f->group_size = ctx.inputs.count(f->prefix + "group-size");
        f->unanswered = ctx.inputs.count(f->prefix + "unanswered");
        if (f->group_size < 2 || f->group_size > t.melee.max_group)
            throw rules::InputError(f->prefix + "group-size", "a group is 2 to " + std::to_string(t.melee.max_group) +
                                                                   " figures on one enemy figure");
    }
    check_figures(ctx.battle, a, pairs + chains * chain.unit_figures() + a.groups * a.group_size + a.unanswered + b.groups +
                         b.unanswered,
                  "pairs");
    check_figures(ctx.battle, b, pairs + chains * chain.enemy_figures() + b.groups * b.group_size + b.unanswered + a.groups +
                         a.unanswered,
                  "enemy-groups");
    if (pairs + chains + a.groups + a.unanswered + b.groups + b.unanswered == 0)
        throw rules::InputError("pairs", "describe the contacts: mutual pairs, chains, groups on one figure or "
                                         "unanswered attacks, the unit's or the enemy's");

    out.steps.push_back({"Each figure attacking, attacked or both rolls one die, once for both; a modified roll "
                         "greater than its target's kills the target. Equal rolls kill no one",
                         cite(kCite)});
    a.modifier = side_modifier(ctx, a, b, out);
    b.modifier = side_modifier(ctx, b, a, out);
    const int d = a.modifier - b.modifier;

    // Exact odds: a = our losses, b = their losses.
    Joint odds;
    if (pairs > 0) {
        double win = 0, lose = 0;
        for (int x = 1; x <= 6; ++x)
            for (int y = 1; y <= 6; ++y) {
                if (x + d > y) win += 1.0 / 36;
                if (y > x + d) lose += 1.0 / 36;
            }
        odds = odds + Joint::outcome(1 - win - lose, lose, win, 0).times(pairs);
    }
    if (chains > 0) {
        odds = odds + chain_odds(chain, a.modifier, b.modifier).times(chains);
        out.steps.push_back({plural(chains, "chain", "chains") + " of " + std::to_string(chain.length) +
                                 " figures, " + (chain.unit_first ? a.name : b.name) + "'s first, the last " +
                                 (chain.mutual_end ? "attacking the one before it" : "attacking no one") +
                                 ": each figure's one roll is compared with the figure it attacks and with "
                                 "each figure attacking it",
                             cite(kCite)});
    }
    if (a.groups > 0) {
        auto g = group_odds(a.group_size, d);
        odds = odds + Joint::outcome(g[0], g[1], g[2], g[3]).times(a.groups);
    }
    if (b.groups > 0) {
        auto g = group_odds(b.group_size, -d);
        odds = odds + Joint::outcome(g[0], g[2], g[1], g[3]).times(b.groups);
    }
    auto unanswered = [](int n, int diff) {
        double kill = 0;
        for (int x = 1; x <= 6; ++x)
            for (int y = 1; y <= 6; ++y)
                if (x + diff > y) kill += 1.0 / 36;
        return std::pair{kill, n};
    };
    if (a.unanswered > 0) {
        auto [kill, n] = unanswered(a.unanswered, d);
        odds = odds + Joint::outcome(1 - kill, 0, kill, 0).times(n);
    }
    if (b.unanswered > 0) {
        auto [kill, n] = unanswered(b.unanswered, -d);
        odds = odds + Joint::outcome(1 - kill, kill, 0, 0).times(n);
    }
    out.odds.push_back({a.name + " figures lost", odds.marginal_a()});
    out.odds.push_back({b.name + " figures lost", odds.marginal_b()});
    out.chances.push_back({b.name + " loses more", odds.p_b_greater()});
    out.chances.push_back({a.name + " loses more", odds.p_a_greater()});
    out.chances.push_back({"equal losses", std::max(0.0, 1 - odds.p_a_greater() - odds.p_b_greater())});

    if (!ctx.dice) {
        out.outcome = a.name + " against " + b.name + ": " + plural(pairs, "pair", "pairs") +
                      (chains > 0 ? ", " + plural(chains, "chain", "chains") : std::string()) +
                      (a.groups + b.groups > 0 ? ", " + plural(a.groups + b.groups, "group", "groups") : std::string()) +
                      (a.unanswered + b.unanswered > 0
                           ? ", " + plural(a.unanswered + b.unanswered, "unanswered attack", "unanswered attacks")
                           : std::string());
        return;
    }
    Tally tally;
    roll_pairs(ctx, a, b, pairs, tally, out);
    roll_chains(ctx, a, b, chain, chains, tally, out);
    roll_groups(ctx, a, b, tally.ours, tally.theirs, out);
    roll_unanswered(ctx, a, b, tally.theirs, out);
    roll_groups(ctx, b, a, tally.theirs, tally.ours, out);
    roll_unanswered(ctx, b, a, tally.ours, out);

    out.results["kills"] = tally.theirs;
    out.results["losses"] = tally.ours;
    out.outcome = a.name + " kills " + std::to_string(tally.theirs) + ", " + b.name + " kills " +
                  std::to_string(tally.ours);
    Changes changes(ctx.battle, out);
    // The melee both sides owed is fought: the enemy's is paid with the unit's (kit/owed.h).
    if (b.unit) kit::pay(ctx.obligations, ctx.battle, "melee", *b.unit, ctx.inputs, out);
    if (a.unit) take_casualties(ctx, changes, *a.unit, tally.ours, kCauseMelee, out);
    if (b.unit) take_casualties(ctx, changes, *b.unit, tally.theirs, kCauseMelee, out);
    for (const model::Unit* u : {a.unit, b.unit})
        if (u) kit::record(ctx.battle, out, *u, Deed::Melee, How::Plain, 0, "fought in melee");
    fight_for_the_gun(changes, a, b, tally.ours, tally.theirs, out);
    fight_for_the_gun(changes, b, a, tally.theirs, tally.ours, out);
    if ((t.options.officers || t.options.standards) && tally.ours + tally.theirs > 0)
        out.steps.push_back({"If an officer or standard bearer fell, record it: officer-killed, and standard "
                             "(a standard bearer killed in melee loses the standard to the enemy)",
                             cite("II Optional Morale Rules - Officers and Standard Bearers")});
}

} // namespace umpire::edwardian

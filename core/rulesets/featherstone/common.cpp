// What the rules share: citations, what a unit is, halving, dice for figures, rolling under and
// summing the pips, saving rolls and casualties.
#include "rulesets/featherstone/mechanics.h"

#include "dice/roll_under.h"

#include <algorithm>

namespace umpire::featherstone {

std::string cite(const std::string& where) { return "Featherstone " + where; }

// ---- What a unit is -------------------------------------------------------------------------------

const TroopType* troop_of(const Tables& t, const model::Unit& u) { return t.troop_type(u.troop_type); }

bool is_arm(const Tables& t, const model::Unit& u, Arm arm) {
    const TroopType* tt = troop_of(t, u);
    return tt && tt->arm == arm;
}

bool is_lancer(const Tables& t, const model::Unit& u) {
    const Weapon* w = t.weapon(u.weapon);
    return w && w->lance;
}

bool is_armoured(const model::Unit& u) { return u.has_trait("armoured"); }

int grade_of(const Tables& t, const model::Unit& u) {
    const Quality* q = t.quality(u.quality);
    return q ? q->grade : 0;
}

std::string formation_of(const Tables& t, const model::Unit& u) {
    if (const Formation* f = t.formation_by_code(kit::counter(u, key::formation))) return f->id;
    const TroopType* tt = troop_of(t, u);
    return tt ? tt->formations.front() : "line";
}

bool stamped(const model::Battle& b, const model::Unit& u, const char* stamp) {
    return kit::counter(u, stamp) == b.turn;
}

bool moved_this_turn(const model::Battle& b, const model::Unit& u) {
    const kit::Done moved = kit::done(b, u, Deed::Moved, Within::Turn);
    return moved.happened && moved.how != How::Stood;
}

const model::Unit* cavalry_charger(const Tables& t, const model::Battle& b, const model::Unit& u) {
    if (!stamped(b, u, key::charged_at)) return nullptr;
    const model::Unit* by = b.unit(kit::counter(u, key::charged_by));
    return by && is_arm(t, *by, Arm::Cavalry) ? by : nullptr;
}

bool owes(const model::Unit& u, const char* id) { return kit::counter(u, kit::owed_key(id)) > 0; }

// ---- Arithmetic ---------------------------------------------------------------------------------------

int scale(const Tables& t, int value, Fraction f) {
    const int num = value * f.first;
    return t.options.halves_round_up ? (num + f.second - 1) / f.second : num / f.second;
}

std::string fraction_text(Fraction f) { return std::to_string(f.first) + "/" + std::to_string(f.second); }

std::string on_faces(const std::vector<int>& faces) {
    if (faces.empty()) return "on no face";
    if (faces.size() == 1) return "on a " + std::to_string(faces.front());
    return "on " + std::to_string(faces.front()) + "-" + std::to_string(faces.back());
}

bool shows(const std::vector<int>& faces, int die) { return std::find(faces.begin(), faces.end(), die) != faces.end(); }

int dice_for_figures(const Tables& t, int figures) {
    return kit::dice_for(figures, kit::PerDie{t.figures_per_die, t.count_half_remainders});
}

std::string dice_for_text(const Tables& t, int figures, int dice) {
    const int per = t.figures_per_die;
    std::string rule = "1 die per " + std::to_string(per);
    if (t.count_half_remainders)
        rule += " (" + std::to_string(figures % per) + " left over: " +
                (2 * (figures % per) >= per ? "one more die" : figures % per ? "ignored" : "none") + ")";
    return plural(figures, "figure", "figures") + ", " + rule + ": " + kit::dice_text(dice);
}

PipsRoll pips_roll(int dice, int target, bool reroll) {
    PipsRoll r{dice, target, reroll, {}};
    r.odds = reroll ? dice::roll_under_sum_reroll_one(dice, target) : dice::roll_under_sum(dice, target);
    return r;
}

namespace {

std::string faces_text(const std::vector<int>& faces) {
    std::vector<std::string> words;
    for (const int face : faces) words.push_back(std::to_string(face));
    return words.empty() ? "nothing" : kit::list_text(words);
}

} // namespace

std::optional<int> roll_pips(const Context& ctx, const PipsRoll& roll, const std::string& label,
                             const std::string& citation, rules::Resolution& out) {
    out.steps.push_back({label + ": " + kit::dice_text(roll.dice) + ", each at or under " + std::to_string(roll.target) +
                             " counts its pips as hits" + (roll.reroll ? "; one die may be rerolled" : ""),
                         citation});
    if (!ctx.dice) return std::nullopt;
    std::vector<int> faces = ctx.dice->d6s(roll.dice, label);
    out.dice.push_back({label, faces, 0, 0});
    if (roll.reroll) {
        if (auto which = dice::best_reroll(faces, roll.target)) {
            const int was = faces[*which];
            const int again = ctx.dice->d6(label + ": the rerolled die");
            out.dice.push_back({label + ": rerolled die", {again}, 0, 0});
            out.steps.push_back({"Grenadiers and guards reroll one die: the " + std::to_string(was) + " (worth " +
                                     std::to_string(was <= roll.target ? was : 0) + ") is rerolled: " +
                                     std::to_string(again),
                                 cite("Special Rules")});
            faces[*which] = again;
        } else {
            out.steps.push_back({"No die is worth rerolling: every die is kept at 2 or more", cite("Special Rules")});
        }
    }
    std::vector<int> kept, over;
    for (int f : faces) (f <= roll.target ? kept : over).push_back(f);
    const int hits = dice::pips_kept(faces, roll.target);
    out.steps.push_back({"Rolled " + faces_text(faces) + ": " +
                             (over.empty() ? std::string() : faces_text(over) + (over.size() == 1 ? " is" : " are") +
                                                                 " over " + std::to_string(roll.target) + " and " +
                                                                 (over.size() == 1 ? "misses" : "miss") + "; ") +
                             (kept.empty() ? std::string("nothing is kept")
                                           : faces_text(kept) + " added together") +
                             ": " + kit::hits_text(hits),
                         citation});
    return hits;
}

// ---- Saving rolls --------------------------------------------------------------------------------------

Troops troops_of(const Tables& t, const std::string& type, bool armoured, bool lancers) {
    Troops tr;
    tr.armoured = armoured;
    tr.lancers = lancers;
    if (const TroopType* tt = t.troop_type(type)) {
        tr.arm = tt->arm;
        tr.skirmish = tt->skirmish;
        tr.heavy = tt->heavy;
        tr.type_name = tt->name;
    }
    return tr;
}

double SaveRule::chance(bool exactly) const {
    int faces = 0;
    for (int f = 1; f <= 6; ++f) faces += saves(f, exactly) ? 1 : 0;
    return faces / 6.0;
}

bool SaveRule::saves(int die, bool exactly) const {
    return exactly ? die + die_bonus == number : die + die_bonus >= number;
}

SaveRule save_rule(const Tables& t, const Troops& troops, const std::string& cover_id, Against against) {
    const Saves& s = t.saves;
    SaveRule r;
    if (troops.armoured) {
        r.number = s.armoured;
        r.text = "armoured cavalry (cuirassiers, life guards) save on " + std::to_string(s.armoured) + "+";
    } else if (against == Against::Melee) {
        r.number = s.melee;
        r.text = "in melee most troops save on " + std::to_string(s.melee) + "+";
    } else if (troops.skirmish || troops.arm == Arm::Artillery) {
        r.number = s.skirmish_or_crew;
        r.text = std::string(troops.skirmish ? "skirmish infantry" : "artillerymen") + " save on " +
                 std::to_string(s.skirmish_or_crew) + "+ against shooting";
    } else {
        r.number = s.formed;
        r.text = "formed troops save on " + std::to_string(s.formed) + "+";
    }
    const Cover* c = t.cover(cover_id);
    if (!c) throw rules::InputError("cover", "\"" + cover_id + "\" is not a kind of cover");
    if (c->save > 0 && c->save < r.number && (against == Against::Shooting || t.options.cover_in_melee)) {
        r.number = c->save;
        r.text = c->name + ": a save of " + std::to_string(c->save) + "+";
    }
    if (c->die_bonus && (troops.arm == Arm::Infantry || t.options.woods_for_all)) {
        r.die_bonus = c->die_bonus;
        r.text += "; " + c->name + " " + signed_text(c->die_bonus) + " to each saving die";
    }
    if (t.options.save_exactly) r.text += " (house rule: only a die showing exactly " + std::to_string(r.number) + ")";
    return r;
}

dice::Distribution casualty_odds(const Tables& t, const dice::Distribution& hits_odds, const SaveRule& rule) {
    const double stays = 1.0 - rule.chance(t.options.save_exactly);
    return hits_odds.compound([stays](int hits) { return dice::Distribution::successes(std::max(hits, 0), stays); });
}

std::optional<int> roll_saves(const Context& ctx, int hits, const SaveRule& rule, const std::string& who,
                              rules::Resolution& out) {
    const std::string citation = cite("Saving Rolls");
    if (hits <= 0) return 0;
    out.steps.push_back({who + ": a saving roll for each of " + kit::hits_text(hits) + ": " + rule.text, citation});
    if (!ctx.dice) return std::nullopt;
    const bool exactly = ctx.tables.options.save_exactly;
    const std::vector<int> faces = ctx.dice->d6s(hits, who + "'s saving rolls");
    out.dice.push_back({who + ": saving rolls", faces, rule.die_bonus, exactly ? 0 : rule.number});
    int saved = 0;
    for (int f : faces) saved += rule.saves(f, exactly) ? 1 : 0;
    const int casualties = hits - saved;
    out.steps.push_back({"Saving rolls " + faces_text(faces) + ": " + std::to_string(saved) + " saved, " +
                             plural(casualties, "casualty", "casualties"),
                         citation});
    return casualties;
}

// ---- Effects --------------------------------------------------------------------------------------------

void disorder(Changes& changes, const model::Unit& u, const std::string& why) {
    changes.set_flag(u, model::Flag::Disordered, true, why);
    changes.set_flag(u, model::Flag::NeedsRally, true, why + ": marked to rally next turn");
}

void take_casualties(const Tables& t, Changes& changes, const model::Unit& u, int casualties,
                     const std::string& why, rules::Resolution& out) {
    (void)t;
    if (casualties <= 0) return;
    const int before = changes.figures(u);
    const int lost = std::min(casualties, before);
    changes.set_figures(u, before - lost, why);
    out.steps.push_back({u.name + " loses " + plural(lost, "figure", "figures") + " (" + std::to_string(before) + " -> " +
                             std::to_string(before - lost) + ")" +
                             (lost < casualties ? ": all it had" : "") +
                             "; a unit taking a casualty is disordered and marked to rally next turn",
                         cite("Morale")});
    disorder(changes, u, why);
}

void leader_check_due(const Context& ctx, const model::Unit& u, int hits, rules::Resolution& out) {
    const Leaders& l = ctx.tables.leaders;
    if (hits < l.hits_for_check) return;
    const model::Commander* general = ctx.battle.joined_commander(u.id);
    const bool leader = ctx.tables.options.unit_leaders && u.has_trait("leader") && !kit::counter(u, key::leader_killed);
    if (!general && !leader) return;
    const std::string whom = general ? general->name + ", attached," : u.name + "'s commander";
    out.steps.push_back({u.name + " took " + kit::hits_text(hits) + " (" + std::to_string(l.hits_for_check) +
                             " or more): " + whom + " must be diced for",
                         cite("Death of a leader")});
    ctx.owe(out, u, "leader-must-be-diced", kit::hits_text(hits) + " on the unit");
}

void charge_under_fire(const Context& ctx, Changes& changes, const model::Unit& tu, Arm arm, int casualties,
                       int strength, rules::Resolution& out) {
    if (casualties == 0) return;
    ctx.owe(out, tu, "charging-casualties-must-check", plural(casualties, "casualty", "casualties") + " while charging");
    // "If a charging unit receives 25% or more casualties from its current strength": all the fire
    // it receives this turn (first fire, the moving units' fire, supporting fire), against its
    // figures before the first of it.
    const int turn = ctx.battle.turn;
    const bool earlier = kit::counter(tu, key::fire_turn) == turn;
    const int before = earlier ? kit::counter(tu, key::fire_strength) : strength;
    const int lost = (earlier ? kit::counter(tu, key::fire_lost) : 0) + casualties;
    changes.set_unit_counter(tu, key::fire_turn, turn, "shot at while charging");
    changes.set_unit_counter(tu, key::fire_strength, before, "its figures before this turn's fire");
    changes.set_unit_counter(tu, key::fire_lost, lost, "casualties from this turn's fire");
    const Fraction halt = ctx.tables.shooting.charge_halted;
    const std::string so_far = std::to_string(lost) + " of " + std::to_string(before) + " figures" +
                               (earlier ? " from all the fire it has received this turn" : "");
    if (stamped(ctx.battle, tu, key::halted)) {
        out.steps.push_back({tu.name + "'s charge was already halted (" + so_far + ")", cite("Melee")});
        return;
    }
    if (lost * halt.second < before * halt.first) {
        out.steps.push_back({tu.name + " has lost " + so_far + ", less than " + fraction_text(halt) + ": the charge goes on",
                             cite("Melee")});
        return;
    }
    out.results["charge-halted"] = 1;
    stamp(changes, tu, key::halted, "charge halted by fire");
    const std::string lost_text = "The charge is halted (" + so_far + ", " + fraction_text(halt) + " or more): ";
    if (arm == Arm::Cavalry) {
        out.steps.push_back({lost_text + "the cavalry withdraw 1 move", cite("Melee")});
        kit::record(ctx.battle, out, tu, Deed::Moved, How::Retreat, 0, "charge halted: withdraws 1 move");
    } else {
        out.steps.push_back({lost_text + "the infantry return fire at close range in disorder", cite("Melee")});
        disorder(changes, tu, "charge halted");
    }
}

void stamp(Changes& changes, const model::Unit& u, const char* k, const std::string& why) {
    changes.set_unit_counter(u, k, changes.battle().turn, why);
}

} // namespace umpire::featherstone

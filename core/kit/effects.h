#pragma once
// Effects chained within one resolution. A rule that changes a field twice (figures lost to
// shooting, then to the unit behind) must give the second effect the first one's `after` as its
// `before`; these read the value as the resolution has left it so far, so effects always chain.
#include "model/battle.h"
#include "rules/resolution.h"

#include <cstdint>
#include <string>

namespace umpire::kit {

// The field's value as the resolution has left it: the `after` of the last effect on it in
// `out`, else the battle's. Fields as model/effect.h names them ("figures", "flag:shaken",
// "counter:KEY", commander "status", battle "turn").
std::int64_t current(const model::Battle& battle, const rules::Resolution& out, model::Entity entity, int id,
                     const std::string& field);
// Appends an effect taking the field from its current value to `after`; nothing if equal.
void change(const model::Battle& battle, rules::Resolution& out, model::Entity entity, int id,
            const std::string& field, std::int64_t after, std::string reason);

void set_flag(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, model::Flag flag,
              bool on, std::string reason);
void set_counter(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                 const std::string& key, std::int64_t value, std::string reason);
bool flag_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
              model::Flag flag);
std::int64_t counter_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                         const std::string& key);

// A counter as stored (0 when absent).
int counter(const std::map<std::string, int>& counters, const std::string& key);
int counter(const model::Unit& unit, const std::string& key);

// The same chaining as an object, for rules that stage many changes on one resolution.
class Changes {
public:
    Changes(const model::Battle& battle, rules::Resolution& out) : battle_(battle), out_(out) {}

    int figures(const model::Unit& u) const;
    int unit_counter(const model::Unit& u, const std::string& key) const;
    bool flag(const model::Unit& u, model::Flag flag) const;

    void set_figures(const model::Unit& u, int value, const std::string& reason);
    void set_flag(const model::Unit& u, model::Flag flag, bool on, const std::string& reason);
    void set_unit_counter(const model::Unit& u, const std::string& key, int value, const std::string& reason);
    void add_unit_counter(const model::Unit& u, const std::string& key, int delta, const std::string& reason);
    // Side changes for a side the battle does not have are dropped (a battle-less resolution).
    void set_side_counter(int side, const std::string& key, int value, const std::string& reason);
    void add_side_counter(int side, const std::string& key, int delta, const std::string& reason);
    void set_battle_counter(const std::string& key, int value, const std::string& reason);

    const model::Battle& battle() const { return battle_; }
    rules::Resolution& out() { return out_; }

private:
    const model::Battle& battle_;
    rules::Resolution& out_;
};

} // namespace umpire::kit

#include "big_battle.h"

#include "desk/desk.h"
#include "dice/dice_source.h"
#include "rulesets/registry.h"
#include "turn/turn_engine.h"

#include <memory>
#include <random>
#include <sstream>

namespace umpire::bench {

std::string unit_name(int i) { return "Battalion " + std::to_string(i + 1); }

void roll_casualty(desk::Desk& desk, int i) {
    const auto& units = desk.battle().units;
    int unit = 0;
    for (std::size_t k = 0; k < units.size(); ++k) {
        const model::Unit& u = units[(static_cast<std::size_t>(i) * 37 + k) % units.size()];
        if (u.on_table() && u.figures >= 2) {
            unit = u.id;
            break;
        }
    }
    if (!desk.select_unit(unit) || !desk.choose_action("casualties")) throw std::runtime_error(desk.error());
    desk.set_value("hits", "1");
    if (!desk.roll()) throw std::runtime_error("roll: " + desk.error());
}

std::string big_roster() {
    static const char* const kTypes[][3] = {{"infantry", "average", "rifle"},  {"infantry", "elite", "rifle"},
                                            {"infantry", "poor", "musket"},    {"cavalry", "average", "carbine"},
                                            {"artillery", "average", "light-gun"}};
    std::ostringstream out;
    out << "format = \"umpire-roster\"\nversion = 1\nruleset = \"macduff\"\nname = \"The big battle\"\n";
    int unit = 0;
    for (int side = 0; side < kSides; ++side) {
        out << "\n[[side]]\nname = \"Side " << side + 1 << "\"\ncolour = \"" << (side == 0 ? "red" : "black") << "\"\n";
        for (int c = 0; c < kCommandersPerSide; ++c)
            out << "\n[[side.commander]]\nname = \"Commander " << side + 1 << "-" << c + 1 << "\"\n"
                << (c == 0 ? "general = true\n" : "");
        for (int c = 0; c < kCommandersPerSide; ++c)
            for (int u = 0; u < kUnitsPerCommander; ++u, ++unit) {
                const auto& kind = kTypes[unit % 5];
                out << "\n[[side.unit]]\nname = \"" << unit_name(unit) << "\"\ncommander = \"Commander " << side + 1 << "-"
                    << c + 1 << "\"\ntype = \"" << kind[0] << "\"\nquality = \"" << kind[1] << "\"\nweapon = \"" << kind[2]
                    << "\"\nfigures = " << (kind[0] == std::string("artillery") ? 4 : 16) << "\n";
            }
    }
    return out.str();
}

struct BigBattlePlayer::Impl {
    store::BattleFile& file;
    std::unique_ptr<rules::Ruleset> ruleset;
    turn::TurnRules turn_rules;
    std::mt19937_64 rng;
    dice::RandomDice dice;
    std::uint64_t played = 0;

    Impl(store::BattleFile& f, std::uint64_t seed)
        : file(f), ruleset(rulesets::make(f.battle().ruleset, f.battle().house_rules)),
          turn_rules(turn::turn_rules(*ruleset)), rng(seed), dice(seed ^ 0x5eed) {}

    void casualties() {
        const model::Battle& b = file.battle();
        std::uniform_int_distribution<std::size_t> pick(0, b.units.size() - 1);
        for (int tries = 0; tries < 1000; ++tries) {
            const model::Unit& u = b.units[pick(rng)];
            if (!u.on_table() || u.figures < 2) continue;
            rules::ActionRequest request;
            request.action = "casualties";
            request.unit = u.id;
            request.values = {{"hits", "1"}, {"from", "other"}};
            file.record(request, ruleset->resolve(request, b, dice));
            return;
        }
        throw std::runtime_error("the big battle ran out of units to hit");
    }

    void turn_step() {
        const model::Battle& b = file.battle();
        std::vector<store::Recording> steps;
        if (turn::turn_state(b).options.seed == 0) {
            turn::TurnOptions options;
            options.seed = 1880;
            const turn::TurnStep configured = turn::configure(b, turn_rules, options);
            file.record(configured.request, configured.resolution);
            return;
        }
        turn::TurnStep step;
        if (turn::turn_status(b, turn_rules).can_draw)
            step = turn::draw_card(b, turn_rules);
        else
            step = turn::next_phase(b, turn_rules, {}, true);
        file.record(step.request, step.resolution);
    }

    void one() {
        switch (played++ % 10) {
        case 0:
        case 5: turn_step(); break;
        case 3:
            if (!file.undo()) casualties();
            break;
        case 4:
            if (!file.redo()) casualties();
            break;
        default: casualties(); break;
        }
    }
};

BigBattlePlayer::BigBattlePlayer(store::BattleFile& file, std::uint64_t seed) : impl_(new Impl(file, seed)) {}
BigBattlePlayer::~BigBattlePlayer() { delete impl_; }

void BigBattlePlayer::play(int entries) {
    for (int i = 0; i < entries; ++i) impl_->one();
}

} // namespace umpire::bench

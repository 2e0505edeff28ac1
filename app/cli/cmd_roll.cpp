// umpire roll EXPR [--seed N] [--json]: roll a dice expression, with its exact odds.
#include "cli/commands.h"
#include "cli/files.h"

#include "cli/output.h"
#include "dice/expression.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <iostream>
#include <random>

namespace umpire::cli {

std::unique_ptr<dice::DiceSource> make_dice(const std::string& typed, std::optional<std::uint64_t> seed) {
    if (!typed.empty()) return std::make_unique<dice::TypedDice>(dice::TypedDice::parse(typed));
    if (!seed) {
        std::random_device entropy;
        seed = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
    }
    return std::make_unique<dice::RandomDice>(*seed);
}

void add_roll(CLI::App& app, Run& run) {
    auto* cmd = app.add_subcommand("roll", "Roll a dice expression such as 2d6, 3d6+1d6 or 2d6+1");
    auto expression = std::make_shared<std::string>();
    auto seed = std::make_shared<std::uint64_t>(0);
    auto typed = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("expression", *expression, "Dice expression")->required();
    auto* seed_opt = add_seed_option(cmd, *seed, "Seed for a repeatable roll");
    cmd->add_option("--dice", *typed, "Use these real dice instead of rolling, e.g. 6,5,1");
    add_json_flag(cmd, *json);
    cmd->callback([=, &run] {
        run = [=] {
            auto expr = dice::Expression::parse(*expression);
            auto source = make_dice(*typed, seed_opt->count() ? std::optional(*seed) : std::nullopt);
            int total = expr.roll(*source);
            source->finish();
            auto dist = expr.distribution();
            if (*json) {
                std::cout << nlohmann::json{{"expression", expr.text()}, {"dice", source->used()},
                                            {"total", total}, {"mean", dist.mean()},
                                            {"min", dist.min()}, {"max", dist.max()}}
                                 .dump(2)
                          << "\n";
            } else {
                std::cout << expr.text() << ":";
                for (int v : source->used()) std::cout << " " << v;
                std::cout << " = " << total << "  (mean " << std::fixed << std::setprecision(2)
                          << dist.mean() << ", range " << dist.min() << "-" << dist.max() << ")\n";
            }
            return 0;
        };
    });
}

} // namespace umpire::cli

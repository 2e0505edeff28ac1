#include "desk/new_battle.h"
#include "desk/text.h"

#include "roster/merge.h"
#include "roster/checks.h"
#include "roster/roster.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace umpire::desk {

std::optional<double> parse_scale(std::string_view text, std::string& error) {
    error.clear();
    std::string t = trim(text);
    if (t.empty()) return std::nullopt;
    if (t.rfind("\xC3\x97", 0) == 0) t = trim(t.substr(2));  // "×1.5"
    else if (t[0] == 'x' || t[0] == 'X') t = trim(t.substr(1));
    double value = 0;
    std::size_t used = 0;
    try {
        value = std::stod(t, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != t.size() || !std::isfinite(value) || value <= 0 || value > 100) {
        error = "scale must be a number greater than 0 and at most 100, such as 1.5 or x1.5 (54mm); got \"" +
                std::string(trim(text)) + "\"";
        return std::nullopt;
    }
    return value;
}

std::string check_house_rules(const std::string& ruleset, const std::string& house_rules) {
    if (ruleset.empty()) return "pick a ruleset first";
    try {
        rulesets::make(ruleset, house_rules);
        return {};
    } catch (const std::exception& e) {
        return e.what();
    }
}

const std::string& HouseRulesCheck::error(const std::string& ruleset, const std::string& house_rules) {
    if (!checked_ || ruleset != ruleset_ || house_rules != text_) {
        ruleset_ = ruleset;
        text_ = house_rules;
        error_ = blank(house_rules) ? std::string() : check_house_rules(ruleset, house_rules);
        checked_ = true;
    }
    return error_;
}

const std::vector<std::string>& distance_units_of(const std::string& ruleset) {
    static std::map<std::string, std::vector<std::string>> known;
    auto it = known.find(ruleset);
    if (it == known.end()) {
        std::vector<std::string> units;
        try {
            units = rulesets::make(ruleset)->distance_units();
        } catch (const std::exception&) {
            // An unknown ruleset offers no unit; building the battle says what is wrong.
        }
        it = known.emplace(ruleset, std::move(units)).first;
    }
    return it->second;
}

std::string distance_unit_label(const std::string& unit) { return unit == "in" ? "inches" : unit; }

model::Battle build_new_battle(const NewBattleForm& form) {
    if (form.ruleset.empty()) throw std::invalid_argument("pick a ruleset");
    auto ruleset = rulesets::make(form.ruleset);  // unknown ids name the known ones
    if (form.rosters.empty()) throw std::invalid_argument("add at least one roster");
    const auto checks = roster::checks_for(*ruleset);
    std::vector<model::Battle> loaded;
    for (const std::string& path : form.rosters) {
        // The ruleset first, so a roster for another game is named as such rather than
        // reported as a list of unknown troop types.
        loaded.push_back(roster::load_roster_file_checked(path, [&](const model::Battle& header) {
            if (header.ruleset != form.ruleset)
                throw roster::RosterError(path, 0, 0, "is a " + header.ruleset + " roster, not " + form.ruleset);
            return checks;
        }));
    }
    model::Battle battle = roster::merge_rosters(loaded, form.rosters);
    // Each roster was within the limits alone; sides joined from several may not be.
    if (loaded.size() > 1) roster::check_units(battle, checks.unit, "the rosters together");

    if (!blank(form.name)) battle.name = trim(form.name);
    if (!form.distance_unit.empty()) {
        if (form.distance_unit != "in" && form.distance_unit != "cm" && form.distance_unit != "squares" &&
            form.distance_unit != "hexes")
            throw std::invalid_argument("distance unit must be in, cm, squares or hexes, not \"" + form.distance_unit +
                                        "\"");
        battle.distance_unit = form.distance_unit;
    }
    std::string scale_error;
    if (auto scale = parse_scale(form.scale, scale_error)) battle.distance_scale = *scale;
    if (!scale_error.empty()) throw std::invalid_argument(scale_error);
    if (!blank(form.house_rules)) battle.house_rules = form.house_rules;
    if (const std::string problem = check_house_rules(battle.ruleset, battle.house_rules); !problem.empty())
        throw std::invalid_argument("house rules: " + problem);
    // The distance unit checked against the ruleset and each unit completed (hit capacities).
    rules::prepare_battle(*rulesets::make(battle.ruleset, battle.house_rules), battle);
    return battle;
}

Desk create_new_battle(const NewBattleForm& form) {
    if (blank(form.save_path)) throw std::invalid_argument("say where to save the battle file");
    const std::filesystem::path target(trim(form.save_path));
    const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        throw std::invalid_argument("cannot save to " + target.string() + ": the folder " + dir.string() +
                                    " does not exist");
    model::Battle battle = build_new_battle(form);
    return Desk(store::BattleFile::create(target.string(), battle));
}

std::vector<std::string> list_rosters(const std::string& dir) {
    std::vector<std::string> out;
    if (dir.empty()) return out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".toml" && entry.is_regular_file(ec)) out.push_back(entry.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace umpire::desk

#pragma once
// Reference tables with a battle's house rules laid over them: the one merge rule every ruleset
// uses, and the merged text that the engine reads and the printed sheets show.
#include <toml++/toml.h>

#include <memory>
#include <string>
#include <string_view>

namespace umpire::rules {

// Parses `base` (named `base_name` in errors) and `house_rules` (TOML, may be empty) and lays the
// house rules over the base: tables merge key by key; arrays of tables whose entries all have an
// `id` merge by id (so one weapon's range changes without restating the others); anything else
// is replaced. Returns the merged TOML text. Throws InputError("house rules", "file:line:col:
// what") for TOML that does not parse.
std::string merge_reference(std::string_view base, std::string_view base_name,
                            std::string_view house_rules);

// `text` parsed as TOML once per process: the same text again (a ruleset's tables read by the
// ruleset, its limits and its turn sequence, and again for each battle opened) is not parsed
// again. Keeps the last few texts. Throws toml::parse_error as toml::parse does. `compiled`: the
// compiled form of an embedded file (rules/compiled_toml.h), loaded instead of parsing when it
// was made from exactly `text`.
std::shared_ptr<const toml::table> parse_toml_once(std::string_view text, std::string_view source,
                                                   std::string_view compiled = {});

} // namespace umpire::rules

#pragma once
// A stored list of follow-ups read from its JSON text without building the JSON document first.
// What is owed is read from every entry that raised a follow-up when a battle opens, and parsing
// each into a document, then reading the document, was most of what opening a long battle did
// more than opening a new one.
#include "rules/resolution.h"

#include <optional>
#include <string_view>
#include <vector>

namespace umpire::rules {

// The follow-ups of a JSON array of objects, each read as follow_up_from_json reads one (fields
// missing or of the wrong type left empty). nullopt when the text is not valid JSON or not an
// array of objects: the caller reads it the long way, which says what is wrong with it.
std::optional<std::vector<FollowUp>> follow_ups_from_text(std::string_view text);

} // namespace umpire::rules

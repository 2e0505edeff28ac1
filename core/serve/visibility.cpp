#include "serve/visibility.h"

namespace umpire::serve {

HiddenFrom::HiddenFrom(const model::Battle& battle, int viewer) {
    if (viewer == kUmpire) return;
    for (const model::Unit& u : battle.units)
        if (u.side != viewer && u.has(model::Flag::Hidden)) {
            ids_.insert(u.id);
            if (!u.name.empty()) names_.push_back(u.name);
        }
}

bool HiddenFrom::hides(const store::JournalLine& line, std::string_view text) const {
    if (ids_.empty()) return false;
    if ((line.unit && hides(*line.unit)) || (line.target && hides(*line.target))) return true;
    for (int u : line.units)
        if (hides(u)) return true;
    for (const rules::FollowUp& f : line.follow_ups)
        if ((f.unit && hides(*f.unit)) || (f.target && hides(*f.target))) return true;
    for (const std::string& name : names_)
        if (line.summary.find(name) != std::string::npos || text.find(name) != std::string_view::npos) return true;
    return false;
}

namespace {

void replace_all(std::string& s, const std::string& what, std::string_view with) {
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
        s.replace(at, what.size(), with);
}

} // namespace

void HiddenFrom::redact(nlohmann::json& doc) const {
    if (names_.empty()) return;
    if (doc.is_string()) {
        auto& s = doc.get_ref<std::string&>();
        for (const std::string& name : names_) replace_all(s, name, "a hidden unit");
    } else if (doc.is_structured()) {
        for (auto& item : doc) redact(item);
    }
}

std::vector<const model::Unit*> visible_units(const model::Battle& battle, int viewer) {
    std::vector<const model::Unit*> out;
    for (const model::Unit& u : battle.units)
        if (viewer == kUmpire || u.side == viewer || !u.has(model::Flag::Hidden)) out.push_back(&u);
    return out;
}

} // namespace umpire::serve

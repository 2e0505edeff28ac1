#include "desk/player_view.h"

namespace umpire::desk {

PlayerView build_player_view(const model::Battle& battle, const std::vector<store::JournalLine>& journal,
                             const TableState& table, std::size_t results) {
    PlayerView v;
    v.battle = battle.name;
    v.turn = battle.turn;
    v.phase = table.phase;
    v.card_drawn = table.card_drawn;
    v.chance_card = table.chance_card;
    v.chance_text = table.chance_text;
    v.wind = table.wind;
    for (const model::Unit& u : battle.units)
        if (u.hit_capacity > 0 && u.hits > 0 && u.on_table())
            v.hits.push_back(u.name + ": " + std::to_string(u.hits) + " of " + std::to_string(u.hit_capacity) + " hits");
    for (auto it = journal.rbegin(); it != journal.rend() && v.results.size() < results; ++it) {
        const store::JournalLine& e = *it;
        if (e.kind != store::EntryKind::Action || e.undone || e.action == "edit-roster") continue;
        if (e.summary.empty()) continue;
        v.results.push_back("Turn " + std::to_string(e.turn) + ": " + e.summary);
    }
    return v;
}

} // namespace umpire::desk

#pragma once
// Desk::guarded, shared by the .cpp files that define the desk's operations (desk.cpp and
// desk_turn.cpp). Not for anyone else: include desk/desk.h.
#include "desk/desk.h"

#include "dice/dice_source.h"
#include "rules/inputs.h"
#include "store/battle_file.h"

#include <string>

namespace umpire::desk {

// Every operation that may fail goes through here: the error becomes a message, and because
// each operation only commits its new state after the call that can throw has returned, a
// failure leaves the desk as it was.
template <typename F> bool Desk::guarded(F&& f) {
    try {
        f();
        error_.clear();
        return true;
    } catch (const rules::InputError& e) {
        error_ = e.what();
    } catch (const dice::DiceError& e) {
        error_ = std::string("Dice: ") + e.what();
    } catch (const store::OtherSectorError& e) {
        // Asked, not refused for good: the same again for this unit confirms it.
        sector_asked_ = SectorAsked{e.unit(), e.owner()};
        const model::Unit* u = battle().unit(e.unit());
        error_ = (u ? u->name : std::string("The unit")) + " is in " + e.owner() +
                 "'s sector: nothing was done. Do it again to act there anyway (the journal will say so).";
        return false;
    } catch (const store::StoreError& e) {
        if (e.problem() == store::StoreProblem::Changed) {
            // Another program wrote first: show what it did, and say this was not done. A server
            // names the umpire who did ("changed by Anna: nothing was done").
            reload_if_changed(Known::Changed);
            error_ = on_server() ? std::string(e.what()) + " (read again: look, then do it again)"
                                 : "Another program changed the battle first, so this was not done; the battle has been "
                                   "read again: look, then do it again.";
            return false;
        }
        if (const std::string lost = unreachable(); !lost.empty())
            error_ = lost;
        else
            error_ = store_label() + e.what();
    } catch (const std::exception& e) {
        error_ = e.what();
    }
    return false;
}

} // namespace umpire::desk

// A battle's sheet options, apart from the drawing: the desk and the CLI fill them without
// loading the printing module.
#include "print/print.h"

namespace umpire::print {

SheetOptions sheet_options_for(const model::Battle& battle, Paper paper) {
    SheetOptions o;
    o.paper = paper;
    o.distance_scale = battle.distance_scale;
    o.distance_unit = battle.distance_unit;
    o.battle_name = battle.name;
    o.house_rules = battle.house_rules.find_first_not_of(" \t\r\n") != std::string::npos;
    return o;
}

} // namespace umpire::print

#pragma once
// The after-action report of the desk's battle, written next to the battle file
// (kotal.umpire -> kotal-report.md) or to a path the umpire chose.
#include "desk/desk.h"
#include "report/report.h"

#include <string>

namespace umpire::desk {

// "dir/kotal.umpire" -> "dir/kotal-report.md" (or .html).
std::string default_report_path(const std::string& battle_path, report::Format format);

// Writes the report and returns the path written. Throws report::ReportError (bad folder,
// unwritable file) having written nothing.
std::string export_report(Desk& desk, report::Format format, const std::string& path = {});

} // namespace umpire::desk

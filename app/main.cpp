// umpire: the command line. With no subcommand (or a battle file) it starts the desk, which is a
// program of its own (umpire-desk), so that a command that draws nothing loads no graphics library.
#include "cli/cli.h"
#include "desk_launcher.h"

int main(int argc, char** argv) { return umpire::cli::main(argc, argv, umpire::app::start_desk); }

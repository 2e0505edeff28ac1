#include "cli/request_flags.h"

#include "rules/inputs.h"

#include <sstream>

namespace umpire::cli {

using rules::InputKind;
using rules::InputSpec;

namespace {

// "modifiers" also answers to the singular "--modifier", which reads better when repeated.
const InputSpec* find_input(const rules::ActionSpec& spec, const std::string& name, bool& singular) {
    singular = false;
    if (const InputSpec* in = spec.input(name)) return in;
    if (const InputSpec* in = spec.input(name + "s"); in && in->kind == InputKind::Modifiers) {
        singular = true;
        return in;
    }
    return nullptr;
}

bool looks_like_flag_value(const std::string& s) {
    return s == "yes" || s == "no" || s == "true" || s == "false" || s == "on" || s == "off";
}

std::string flag_names(const rules::ActionSpec& spec) {
    std::string out;
    for (const auto& in : spec.inputs) out += (out.empty() ? "--" : ", --") + in.id;
    return out;
}

} // namespace

std::string choice_to_make(const rules::Question& question, const std::vector<int>& dice) {
    std::string options;
    for (std::size_t i = 0; i < question.options.size(); ++i) {
        const rules::Choice& o = question.options[i];
        options += std::string(i == 0 ? "" : i + 1 == question.options.size() ? " or " : ", ") + "--" + question.input +
                   " " + o.id + " (" + o.label + ")";
    }
    std::string again;
    for (int d : dice) again += (again.empty() ? "" : ",") + std::to_string(d);
    return "the rules leave the player a choice here: " + question.text + " (" + question.citation + "). Choose with " +
           options + (again.empty() ? std::string() : ", and the same dice again: --dice " + again) +
           "; nothing was applied";
}

void parse_input_flags(const rules::ActionSpec& spec, const std::vector<std::string>& args,
                       rules::ActionRequest& request) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0) {
            // A bare number or "6,5" after the flags is most likely the dice; a word after a
            // flag's value, the rest of a name with spaces.
            const bool dice_like = !arg.empty() && arg.find_first_not_of("0123456789,") == std::string::npos;
            std::string hint;
            if (dice_like)
                hint = "; real dice as --dice " + arg;
            else if (i >= 2 && args[i - 2].rfind("--", 0) == 0 && args[i - 1].rfind("--", 0) != 0)
                hint = "; a name with spaces goes in quotes: " + args[i - 2] + " \"" + args[i - 1] + " " + arg + "\"";
            throw rules::InputError(arg, "unexpected argument; inputs are given as flags: " + flag_names(spec) + hint);
        }
        std::string name = arg.substr(2), value;
        bool has_value = false;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            has_value = true;
        }
        bool singular = false;
        const InputSpec* in = find_input(spec, name, singular);
        if (!in)
            throw rules::InputError(name, "not an input of " + spec.id + "; its inputs are: " + flag_names(spec));
        if (!has_value) {
            bool next_is_value = i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0;
            if (in->kind == InputKind::Flag) {
                if (next_is_value && looks_like_flag_value(args[i + 1]))
                    value = args[++i];
                else
                    value = "yes";
            } else if (next_is_value) {
                value = args[++i];
            } else {
                throw rules::InputError(in->id, "--" + name + " needs a value");
            }
        }
        auto& slot = request.values[in->id];
        if (in->kind == InputKind::Modifiers && singular && !slot.empty())
            slot += "," + value;
        else
            slot = value;
    }
}

std::string action_help(const rules::ActionSpec& spec) {
    std::ostringstream out;
    out << spec.name << " (" << spec.citation << "): " << spec.summary << "\n\nInputs:\n";
    for (const auto& in : spec.inputs) {
        out << "  --" << in.id;
        switch (in.kind) {
        case InputKind::Count:
            if (in.id_of != rules::IdOf::Nothing)
                out << " ID (a " << rules::id_of_id(in.id_of) << "'s id: umpire show --json lists them)";
            else
                out << " N (" << in.min << " to " << in.max << ")";
            break;
        case InputKind::Distance: out << " DISTANCE (14, 14\", 14in, 35cm)"; break;
        case InputKind::Choice: out << " CHOICE"; break;
        case InputKind::Modifiers: out << " A,B (or repeat --" << in.id.substr(0, in.id.size() - 1) << " A)"; break;
        case InputKind::Flag: out << " [yes|no]"; break;
        case InputKind::Areas: out << " STEPS (3, 2d, 2d+1: grid steps, d a diagonal)"; break;
        }
        out << "\n      " << in.label;
        if (!in.help.empty()) out << ": " << in.help;
        out << "\n";
        for (const auto& c : in.choices) {
            out << "        " << c.id << "  " << c.label;
            if (in.kind == InputKind::Modifiers && c.value != 0) out << " (" << (c.value > 0 ? "+" : "") << c.value << ")";
            out << "\n";
        }
    }
    return out.str();
}

} // namespace umpire::cli

#include "store/postgres/statements.h"

#include <stdexcept>

namespace umpire::store::postgres {

void Statements::put(const std::string& sql, const std::string* literals, std::size_t count) {
    // One pass, so that a "$" inside a value put in is never read as a placeholder.
    std::string out;
    out.reserve(sql.size() + 64);
    for (std::size_t i = 0; i < sql.size(); ++i) {
        if (sql[i] != '$' || i + 1 >= sql.size() || sql[i + 1] < '0' || sql[i + 1] > '9') {
            out += sql[i];
            continue;
        }
        std::size_t n = 0;
        while (i + 1 < sql.size() && sql[i + 1] >= '0' && sql[i + 1] <= '9') n = n * 10 + static_cast<std::size_t>(sql[++i] - '0');
        if (n == 0 || n > count) throw std::logic_error("statement placeholder $" + std::to_string(n) + " has no value");
        out += literals[n - 1];
    }
    text_ += out;
    text_ += ";\n";
}

pqxx::result Statements::send() {
    std::string text;
    text.swap(text_);
    return tx_.exec(text);
}

} // namespace umpire::store::postgres

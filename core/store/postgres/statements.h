#pragma once
// Internal to the PostgreSQL backend: statements sent to the server together, in one round trip.
// A write's journal rows, unit rows and battle row go as one batch, so that it waits on the
// network about as often as a bare commit does rather than once a row: on a busy machine each
// wait is a turn of both processes on the CPU. The values are put in as literals quoted by the
// connection's own rules (libpq's escaping, libpqxx's quote()), where a lone statement would send
// them as parameters.
#include <pqxx/pqxx>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace umpire::store::postgres {

class Statements {
public:
    explicit Statements(pqxx::transaction_base& tx) : tx_(tx) {}

    // `sql` with $1, $2 ... standing for `values` in order (text, whole numbers, or an optional
    // text that may be NULL), as exec_params takes them.
    template <class... Values>
    void add(const std::string& sql, const Values&... values) {
        const std::string literals[] = {literal(values)..., std::string()};
        put(sql, literals, sizeof...(Values));
    }

    bool empty() const { return text_.empty(); }
    // Runs them, in order, the first failure stopping the rest (thrown as exec would throw it),
    // and starts a new batch. Returns the last statement's result.
    pqxx::result send();

private:
    std::string literal(const std::string& text) const { return tx_.quote(text); }
    std::string literal(const char* text) const { return text ? tx_.quote(std::string(text)) : "NULL"; }
    std::string literal(const std::optional<std::string>& text) const { return text ? tx_.quote(*text) : "NULL"; }
    template <class Number, class = std::enable_if_t<std::is_integral_v<Number>>>
    std::string literal(Number n) const {
        return std::to_string(n);
    }
    void put(const std::string& sql, const std::string* literals, std::size_t count);

    pqxx::transaction_base& tx_;
    std::string text_;
};

} // namespace umpire::store::postgres

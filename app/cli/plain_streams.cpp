#include "cli/plain_streams.h"

#include "model/plain_text.h"

#include <iostream>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>

namespace umpire::cli {

namespace {

// Holds what is written until a line ends or the stream is flushed, then passes it on escaped. A
// UTF-8 sequence cut by a flush waits for the rest of it.
class EscapingBuffer : public std::streambuf {
public:
    explicit EscapingBuffer(std::streambuf* to) : to_(to) {}
    std::streambuf* target() const { return to_; }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        pending_ += traits_type::to_char_type(c);
        if (c == '\n' && !pass(pending_.size())) return traits_type::eof();
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        const std::string_view text(s, static_cast<std::size_t>(n));
        const std::size_t line_end = text.rfind('\n');
        if (pending_.empty() && line_end != std::string_view::npos) {
            // Whole lines with nothing held before them (a document written at once): passed on
            // from where they are, not copied in first.
            if (!pass_on(text.substr(0, line_end + 1))) return 0;
            pending_.assign(text.substr(line_end + 1));
            return n;
        }
        pending_.append(text);
        if (line_end != std::string_view::npos && !pass(pending_.size() - (text.size() - line_end - 1))) return 0;
        return n;
    }
    int sync() override {
        if (!pass(complete_end())) return -1;
        return to_->pubsync();
    }

private:
    // Where the pending bytes stop being whole UTF-8 sequences (a lead byte whose sequence has not
    // all arrived stays pending).
    std::size_t complete_end() const {
        const std::size_t n = pending_.size();
        for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
            const auto b = static_cast<unsigned char>(pending_[n - back]);
            if ((b & 0xC0) == 0x80) continue;  // a continuation byte: look further back
            const std::size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
            return need > back ? n - back : n;
        }
        return n;
    }
    bool pass(std::size_t count) {
        if (count == 0) return true;
        const bool passed = pass_on(std::string_view(pending_).substr(0, count));
        pending_.erase(0, count);
        return passed;
    }
    // Escaped, in pieces straight into the stream beneath.
    bool pass_on(std::string_view text) {
        return model::write_escaped(text, [this](std::string_view piece) {
            const auto size = static_cast<std::streamsize>(piece.size());
            return to_->sputn(piece.data(), size) == size;
        });
    }

    std::streambuf* to_;
    std::string pending_;
};

std::unique_ptr<EscapingBuffer> out_buffer, err_buffer;

} // namespace

PlainStreams::PlainStreams() {
    out_buffer = std::make_unique<EscapingBuffer>(std::cout.rdbuf());
    err_buffer = std::make_unique<EscapingBuffer>(std::cerr.rdbuf());
    std::cout.rdbuf(out_buffer.get());
    std::cerr.rdbuf(err_buffer.get());
}

PlainStreams::~PlainStreams() {
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(out_buffer->target());
    std::cerr.rdbuf(err_buffer->target());
    out_buffer.reset();
    err_buffer.reset();
}

std::ostream& raw_stdout() {
    static std::ostream raw(nullptr);
    // Documents go to the buffer under the escaping one (standard output itself), flushed in order
    // with what was printed before them.
    std::cout.flush();
    raw.rdbuf(out_buffer ? out_buffer->target() : std::cout.rdbuf());
    raw.clear();
    return raw;
}

} // namespace umpire::cli

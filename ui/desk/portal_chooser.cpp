#include "desk/portal_chooser.h"

#include <gio/gio.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <vector>

namespace umpire::desk {

namespace {

constexpr const char* portal_name = "org.freedesktop.portal.Desktop";
constexpr const char* portal_path = "/org/freedesktop/portal/desktop";
constexpr const char* chooser_interface = "org.freedesktop.portal.FileChooser";
constexpr const char* request_interface = "org.freedesktop.portal.Request";

struct ErrorFree {
    void operator()(GError* e) const { g_error_free(e); }
};
using Error = std::unique_ptr<GError, ErrorFree>;

// A private connection to the bus (not GIO's shared one: the address is ours to choose, and the
// connection goes away with the question), driven on its own main context so the wait for the
// answer dispatches only our signals.
class BusConnection {
public:
    explicit BusConnection(const std::string& address) : context_(g_main_context_new()) {
        g_main_context_push_thread_default(context_);
        GError* error = nullptr;
        connection_ = g_dbus_connection_new_for_address_sync(
            address.c_str(),
            static_cast<GDBusConnectionFlags>(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                              G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION),
            nullptr, nullptr, &error);
        if (error) {
            why_ = std::string("no session bus: ") + error->message;
            g_error_free(error);
        }
    }
    ~BusConnection() {
        if (connection_) {
            g_dbus_connection_close_sync(connection_, nullptr, nullptr);
            g_object_unref(connection_);
        }
        // Whatever the closing queued (the subscriptions' last callbacks) runs before the context goes.
        while (g_main_context_iteration(context_, FALSE)) {
        }
        g_main_context_pop_thread_default(context_);
        g_main_context_unref(context_);
    }
    BusConnection(const BusConnection&) = delete;
    BusConnection& operator=(const BusConnection&) = delete;

    GDBusConnection* get() const { return connection_; }
    GMainContext* context() const { return context_; }
    const std::string& why() const { return why_; }

private:
    GMainContext* context_;
    GDBusConnection* connection_ = nullptr;
    std::string why_;
};

// The request handle the portal will use: /org/freedesktop/portal/desktop/request/SENDER/TOKEN,
// SENDER our unique name without its ':' and with '.' as '_'. Known before the call, so the
// answer cannot come before we listen for it.
std::string request_path(GDBusConnection* connection, const std::string& token) {
    std::string sender = g_dbus_connection_get_unique_name(connection);
    if (!sender.empty() && sender[0] == ':') sender.erase(0, 1);
    for (char& c : sender)
        if (c == '.') c = '_';
    return std::string(portal_path) + "/request/" + sender + "/" + token;
}

std::string new_token() {
    static std::atomic<int> counter{0};
    return "umpire_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
}

GVariant* bytestring(const std::string& s) { return g_variant_new_bytestring(s.c_str()); }

// The chooser's options: where to start, the file name to suggest, the filter.
GVariant* chooser_options(const ChooserRequest& r, const std::string& token) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "handle_token", g_variant_new_string(token.c_str()));
    g_variant_builder_add(&options, "{sv}", "modal", g_variant_new_boolean(TRUE));
    if (!r.start.empty()) {
        namespace fs = std::filesystem;
        std::error_code ec;
        const fs::path start = fs::absolute(r.start, ec);
        const bool folder = fs::is_directory(start, ec);
        const fs::path dir = folder ? start : start.parent_path();
        if (!dir.empty() && fs::is_directory(dir, ec))
            g_variant_builder_add(&options, "{sv}", "current_folder", bytestring(dir.string()));
        if (r.save && !folder && !start.filename().empty())
            g_variant_builder_add(&options, "{sv}", "current_name", g_variant_new_string(start.filename().c_str()));
    }
    if (!r.pattern.empty()) {
        const std::string name = r.filter_name.empty() ? r.pattern : r.filter_name;
        // a(sa(us)): the filter's name and its patterns, 0 meaning a glob.
        GVariant* filter = g_variant_new_parsed("(%s, [(uint32 0, %s)])", name.c_str(), r.pattern.c_str());
        g_variant_ref_sink(filter);
        GVariantBuilder filters;
        g_variant_builder_init(&filters, G_VARIANT_TYPE("a(sa(us))"));
        g_variant_builder_add_value(&filters, filter);
        g_variant_builder_add(&options, "{sv}", "filters", g_variant_builder_end(&filters));
        g_variant_builder_add(&options, "{sv}", "current_filter", filter);
        g_variant_unref(filter);
    }
    return g_variant_builder_end(&options);
}

struct Waiting {
    bool answered = false;
    bool gone = false;       // the portal left the bus before answering
    bool timed_out = false;
    PortalAnswer answer;
};

PortalAnswer read_response(GVariant* parameters) {
    guint32 response = 2;
    GVariant* results = nullptr;
    g_variant_get(parameters, "(u@a{sv})", &response, &results);
    PortalAnswer answer;
    if (response == 1) {
        answer.outcome = PortalOutcome::Cancelled;
    } else if (response != 0) {
        // 2: "ended in some other way", the portal's own failure, not the user's choice.
        answer.why = "the portal ended the dialog without a choice";
    } else {
        const gchar** uris = nullptr;
        if (results && g_variant_lookup(results, "uris", "^a&s", &uris) && uris && uris[0]) {
            GError* error = nullptr;
            gchar* path = g_filename_from_uri(uris[0], nullptr, &error);
            if (path) {
                answer.outcome = PortalOutcome::Chosen;
                answer.path = path;
                g_free(path);
            } else {
                answer.why = std::string("the portal chose something that is not a local file: ") + error->message;
                g_error_free(error);
            }
        } else {
            answer.why = "the portal answered without a file";
        }
        g_free(uris);
    }
    if (results) g_variant_unref(results);
    return answer;
}

void on_response(GDBusConnection*, const gchar*, const gchar*, const gchar*, const gchar*, GVariant* parameters,
                 gpointer data) {
    auto* waiting = static_cast<Waiting*>(data);
    if (waiting->answered) return;
    waiting->answer = read_response(parameters);
    waiting->answered = true;
}

void on_portal_gone(GDBusConnection*, const gchar*, gpointer data) { static_cast<Waiting*>(data)->gone = true; }

gboolean on_timeout(gpointer data) {
    static_cast<Waiting*>(data)->timed_out = true;
    return G_SOURCE_REMOVE;
}

guint listen_for_response(GDBusConnection* connection, const std::string& path, Waiting& waiting) {
    return g_dbus_connection_signal_subscribe(connection, portal_name, request_interface, "Response", path.c_str(),
                                              nullptr, G_DBUS_SIGNAL_FLAGS_NONE, on_response, &waiting, nullptr);
}

PortalAnswer unavailable(std::string why) { return {PortalOutcome::Unavailable, {}, std::move(why)}; }

} // namespace

std::string session_bus_address(const EnvReader& env) {
    if (const auto address = env("DBUS_SESSION_BUS_ADDRESS")) return *address;
    if (const auto runtime = env("XDG_RUNTIME_DIR")) {
        std::error_code ec;
        const std::filesystem::path socket = std::filesystem::path(*runtime) / "bus";
        if (std::filesystem::is_socket(socket, ec)) return "unix:path=" + socket.string();
    }
    return {};
}

PortalAnswer portal_file_chooser(const ChooserRequest& request, const std::string& bus_address,
                                 const PortalTimeouts& timeouts) {
    if (bus_address.empty()) return unavailable("no session bus");
    BusConnection bus(bus_address);
    if (!bus.get()) return unavailable(bus.why());

    const std::string token = new_token();
    const std::string expected = request_path(bus.get(), token);
    Waiting waiting;
    std::vector<guint> subscriptions{listen_for_response(bus.get(), expected, waiting)};

    GError* raw_error = nullptr;
    GVariant* reply = g_dbus_connection_call_sync(
        bus.get(), portal_name, portal_path, chooser_interface, request.save ? "SaveFile" : "OpenFile",
        g_variant_new("(ss@a{sv})", "", request.title.c_str(), chooser_options(request, token)),
        G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, static_cast<gint>(timeouts.call.count()), nullptr, &raw_error);
    const Error error(raw_error);
    PortalAnswer answer;
    if (!reply) {
        // ServiceUnknown, UnknownMethod (a portal without a file chooser), a timeout: all mean
        // the next chooser should be asked.
        answer = unavailable(std::string("no file chooser portal: ") + error->message);
    } else {
        const gchar* handle = nullptr;
        g_variant_get(reply, "(&o)", &handle);
        // Portals older than handle_token pick their own handle: listen there as well.
        if (handle && expected != handle) subscriptions.push_back(listen_for_response(bus.get(), handle, waiting));
        const std::string request_handle = handle ? handle : expected;
        g_variant_unref(reply);

        const guint watch = g_bus_watch_name_on_connection(bus.get(), portal_name, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                           nullptr, on_portal_gone, &waiting, nullptr);
        GSource* timer = g_timeout_source_new(static_cast<guint>(timeouts.answer.count()));
        g_source_set_callback(timer, on_timeout, &waiting, nullptr);
        g_source_attach(timer, bus.context());
        while (!waiting.answered && !waiting.gone && !waiting.timed_out) g_main_context_iteration(bus.context(), TRUE);
        g_source_destroy(timer);
        g_source_unref(timer);
        g_bus_unwatch_name(watch);

        if (waiting.answered) {
            answer = waiting.answer;
        } else {
            if (waiting.timed_out) {
                // Close the dialog that nobody answered, so it does not linger behind the next one.
                g_dbus_connection_call_sync(bus.get(), portal_name, request_handle.c_str(), request_interface,
                                            "Close", nullptr, nullptr, G_DBUS_CALL_FLAGS_NONE, 1000, nullptr, nullptr);
            }
            answer = unavailable(waiting.gone ? "the portal left the bus without answering"
                                              : "the portal did not answer in time");
        }
    }
    for (const guint id : subscriptions) g_dbus_connection_signal_unsubscribe(bus.get(), id);
    return answer;
}

bool portal_available(const std::string& bus_address) {
    if (bus_address.empty()) return false;
    BusConnection bus(bus_address);
    if (!bus.get()) return false;
    auto ask = [&](const char* method, GVariant* args, const GVariantType* type) {
        return g_dbus_connection_call_sync(bus.get(), "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus", method, args, type, G_DBUS_CALL_FLAGS_NONE, 2000,
                                           nullptr, nullptr);
    };
    bool found = false;
    if (GVariant* owned = ask("NameHasOwner", g_variant_new("(s)", portal_name), G_VARIANT_TYPE("(b)"))) {
        gboolean has_owner = FALSE;
        g_variant_get(owned, "(b)", &has_owner);
        found = has_owner;
        g_variant_unref(owned);
    }
    if (!found) {
        if (GVariant* names = ask("ListActivatableNames", nullptr, G_VARIANT_TYPE("(as)"))) {
            const gchar** list = nullptr;
            g_variant_get(names, "(^a&s)", &list);
            for (std::size_t i = 0; list && list[i]; ++i)
                if (std::string(list[i]) == portal_name) found = true;
            g_free(list);
            g_variant_unref(names);
        }
    }
    return found;
}

} // namespace umpire::desk

// A stand-in for the XDG desktop portal's file chooser, for the chooser tests: owns
// org.freedesktop.portal.Desktop on the bus it is given and answers OpenFile and SaveFile the way
// the real portal does (a request handle, then a Response signal on it), with a fixed answer.
//
//   fake_portal ADDRESS LOG choose PATH   the user chose PATH
//   fake_portal ADDRESS LOG cancel        the user cancelled
//   fake_portal ADDRESS LOG other         the portal ended the dialog itself (response 2)
//   fake_portal ADDRESS LOG silent        the dialog never answers
//
// Each call is written to LOG (method, title, options) for the tests to read. Prints "ready" once
// it owns the name; exits when the bus goes away.
#include <gio/gio.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

const char* introspection = R"(<node>
  <interface name="org.freedesktop.portal.FileChooser">
    <method name="OpenFile">
      <arg type="s" name="parent_window" direction="in"/><arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/><arg type="o" name="handle" direction="out"/>
    </method>
    <method name="SaveFile">
      <arg type="s" name="parent_window" direction="in"/><arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/><arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>)";

struct Fake {
    std::string log;
    std::string mode;
    std::string chosen;
    GMainLoop* loop = nullptr;
};

std::string handle_for(const std::string& sender, const std::string& token) {
    std::string s = sender.substr(sender.empty() || sender[0] != ':' ? 0 : 1);
    for (char& c : s)
        if (c == '.') c = '_';
    return "/org/freedesktop/portal/desktop/request/" + s + "/" + token;
}

void on_call(GDBusConnection* connection, const gchar* sender, const gchar*, const gchar*, const gchar* method,
             GVariant* parameters, GDBusMethodInvocation* invocation, gpointer data) {
    auto* fake = static_cast<Fake*>(data);
    const gchar* title = nullptr;
    GVariant* options = nullptr;
    g_variant_get(parameters, "(&s&s@a{sv})", nullptr, &title, &options);
    gchar* printed = g_variant_print(options, TRUE);
    std::ofstream(fake->log, std::ios::app) << method << "\n" << title << "\n" << printed << "\n";
    g_free(printed);
    const gchar* token = "none";
    g_variant_lookup(options, "handle_token", "&s", &token);
    const std::string handle = handle_for(sender, token);
    g_variant_unref(options);
    g_dbus_method_invocation_return_value(invocation, g_variant_new("(o)", handle.c_str()));
    if (fake->mode == "silent") return;

    GVariantBuilder results;
    g_variant_builder_init(&results, G_VARIANT_TYPE_VARDICT);
    guint32 response = fake->mode == "choose" ? 0 : fake->mode == "cancel" ? 1 : 2;
    if (response == 0) {
        gchar* uri = g_filename_to_uri(fake->chosen.c_str(), nullptr, nullptr);
        const gchar* uris[] = {uri, nullptr};
        g_variant_builder_add(&results, "{sv}", "uris", g_variant_new_strv(uris, 1));
        g_free(uri);
    }
    g_dbus_connection_emit_signal(connection, sender, handle.c_str(), "org.freedesktop.portal.Request", "Response",
                                  g_variant_new("(ua{sv})", response, &results), nullptr);
}

GVariant* on_get(GDBusConnection*, const gchar*, const gchar*, const gchar*, const gchar*, GError**, gpointer) {
    return g_variant_new_uint32(4);
}

void on_name_acquired(GDBusConnection*, const gchar*, gpointer) {
    std::printf("ready\n");
    std::fflush(stdout);
}

void on_name_lost(GDBusConnection*, const gchar*, gpointer data) { g_main_loop_quit(static_cast<Fake*>(data)->loop); }

} // namespace

int main(int argc, char** argv) {
    if (argc < 4 || (std::string(argv[3]) == "choose" && argc < 5)) {
        std::fprintf(stderr, "usage: fake_portal ADDRESS LOG choose PATH|cancel|other|silent\n");
        return 2;
    }
    Fake fake{argv[2], argv[3], argc > 4 ? argv[4] : "", g_main_loop_new(nullptr, FALSE)};
    GError* error = nullptr;
    GDBusConnection* connection = g_dbus_connection_new_for_address_sync(
        argv[1],
        static_cast<GDBusConnectionFlags>(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                          G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION),
        nullptr, nullptr, &error);
    if (!connection) {
        std::fprintf(stderr, "fake_portal: %s\n", error->message);
        return 1;
    }
    GDBusNodeInfo* node = g_dbus_node_info_new_for_xml(introspection, nullptr);
    const GDBusInterfaceVTable vtable{on_call, on_get, nullptr, {}};
    g_dbus_connection_register_object(connection, "/org/freedesktop/portal/desktop", node->interfaces[0], &vtable,
                                      &fake, nullptr, nullptr);
    // The bus going away ends the name, and the name's loss ends the program.
    g_bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop", G_BUS_NAME_OWNER_FLAGS_NONE,
                                 on_name_acquired, on_name_lost, &fake, nullptr);
    g_main_loop_run(fake.loop);
    g_dbus_node_info_unref(node);
    g_object_unref(connection);
    g_main_loop_unref(fake.loop);
    return 0;
}

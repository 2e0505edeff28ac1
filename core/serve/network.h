#pragma once
// Where the pages can be reached from: this machine's addresses on its networks, and the
// address a phone types or scans.
#include <string>
#include <vector>

namespace umpire::serve {

// The IPv4 addresses of this machine's interfaces that are up, loopback left out, in the
// system's order. Empty when the machine is on no network.
std::vector<std::string> local_addresses();

// The hosts to show for a server bound to `bind`: its own address when it names one, every
// local address for 0.0.0.0 (127.0.0.1 when there is none).
std::vector<std::string> hosts_for(const std::string& bind);

// "http://HOST:PORT/PATH" (an IPv6 host in brackets).
std::string page_url(const std::string& host, int port, const std::string& path);

} // namespace umpire::serve

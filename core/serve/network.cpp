#include "serve/network.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <algorithm>

namespace umpire::serve {

std::vector<std::string> local_addresses() {
    std::vector<std::string> out;
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) != 0) return out;
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        char text[INET_ADDRSTRLEN] = "";
        const auto* a = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
        if (::inet_ntop(AF_INET, &a->sin_addr, text, sizeof text) && std::find(out.begin(), out.end(), text) == out.end())
            out.emplace_back(text);
    }
    ::freeifaddrs(list);
    return out;
}

std::vector<std::string> hosts_for(const std::string& bind) {
    if (bind != "0.0.0.0" && bind != "::") return {bind};
    std::vector<std::string> hosts = local_addresses();
    if (hosts.empty()) hosts.push_back("127.0.0.1");
    return hosts;
}

std::string page_url(const std::string& host, int port, const std::string& path) {
    const bool v6 = host.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port) + path;
}

} // namespace umpire::serve

// Ids a client cannot guess: 128 bits from the operating system's random source (getrandom),
// written in hex after a prefix ("s-", "p-"). Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace kibitzer::core {

std::string RandomId(std::string_view prefix);

}  // namespace kibitzer::core

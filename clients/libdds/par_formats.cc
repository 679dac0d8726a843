#include "clients/libdds/par_formats.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kibitzer::libdds {
namespace {

constexpr const char* kSeats[] = {"N", "E", "S", "W", "NS", "EW"};
constexpr char kDenoms[] = "NSHDC";  // contractType.denom: 0 notrump, 1 spades, ...

// One DealerPar text ("4D*-EW-1", "3N-W+2", "7N-NS") as a contractType; false for "pass".
bool Parse(const std::string& text, contractType* c) {
  if (text.size() < 4 || text == "pass") return false;
  *c = contractType{};
  c->level = text[0] - '0';
  c->denom = static_cast<int>(std::strchr(kDenoms, text[1]) - kDenoms);
  size_t i = 2;
  const bool doubled = text[i] == '*';
  if (doubled) ++i;
  ++i;  // '-'
  size_t end = text.find_first_of("+-", i);
  const std::string seats = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
  for (int s = 0; s < 6; ++s) {
    if (seats == kSeats[s]) c->seats = s;
  }
  if (end != std::string::npos) {
    const int n = std::atoi(text.c_str() + end + 1);
    (text[end] == '+' ? c->overTricks : c->underTricks) = n;
  }
  return true;
}

// "EW 4Dx-1" (as ConvertToDealerTextFormat writes a contract), notrump as `nt`.
std::string ContractText(const contractType& c, const char* nt) {
  std::string out = absl::StrCat(kSeats[c.seats], " ", c.level);
  out += c.denom == 0 ? std::string(nt) : std::string(1, kDenoms[c.denom]);
  if (c.underTricks > 0) return absl::StrCat(out, "x-", c.underTricks);
  if (c.overTricks > 0) absl::StrAppend(&out, "+", c.overTricks);
  return out;
}

// "NS 23S" (as Par writes a contract: every level that scores the same), "EW 4Dx".
std::string ParText(const contractType& c) {
  std::string out = absl::StrCat(kSeats[c.seats], " ");
  for (int level = c.level; level <= c.level + c.overTricks; ++level) absl::StrAppend(&out, level);
  out += kDenoms[c.denom];
  if (c.underTricks > 0) out += 'x';
  return out;
}

void Copy(const std::string& text, char* out, size_t size) {
  std::snprintf(out, size, "%s", text.c_str());
}

std::string Texts(const parResultsMaster& par, const char* nt) {
  std::string out = absl::StrCat("Par ", par.score);
  for (int i = 0; i < par.number; ++i) {
    absl::StrAppend(&out, i == 0 ? ": " : " ", ContractText(par.contracts[i], nt));
  }
  return out;
}

}  // namespace

bool VulnerabilityOf(int dds, bridge::Vulnerability* out) {
  switch (dds) {
    case 0:
      *out = bridge::Vulnerability::kNone;
      return true;
    case 1:
      *out = bridge::Vulnerability::kBoth;
      return true;
    case 2:
      *out = bridge::Vulnerability::kNorthSouth;
      return true;
    case 3:
      *out = bridge::Vulnerability::kEastWest;
      return true;
    default:
      return false;
  }
}

bridge::DdTable TableOf(const ddTableResults& results) {
  bridge::DdTable table;
  for (int strain = 0; strain < DDS_STRAINS; ++strain) {
    for (int hand = 0; hand < DDS_HANDS; ++hand) {
      table.tricks[static_cast<size_t>(strain)][static_cast<size_t>(hand)] =
          results.resTable[strain][hand];
    }
  }
  return table;
}

parResultsDealer DealerParOf(const bridge::DdTable& table, int dealer, bridge::Vulnerability v) {
  const bridge::Par par = bridge::DealerPar(table, dealer, v);
  parResultsDealer out{};
  out.score = par.score;
  for (const std::string& c : par.contracts) {
    if (out.number == 10) break;
    Copy(c, out.contracts[out.number++], sizeof(out.contracts[0]));
  }
  return out;
}

parResultsDealer SidePar(const bridge::DdTable& table, int side, bridge::Vulnerability v) {
  parResultsDealer out = DealerParOf(table, side == 0 ? bridge::kNorth : bridge::kEast, v);
  if (side == 1) out.score = -out.score;
  return out;
}

parResults ParOf(const bridge::DdTable& table, bridge::Vulnerability v) {
  parResults out{};
  for (int side = 0; side < 2; ++side) {
    const parResultsDealer par = SidePar(table, side, v);
    const char* name = side == 0 ? "NS" : "EW";
    Copy(absl::StrCat(name, " ", par.score), out.parScore[side], sizeof(out.parScore[0]));
    // Notrump first, then the suits from spades down, as DDS lists them.
    std::vector<contractType> parsed;
    for (int i = 0; i < par.number; ++i) {
      contractType c;
      if (Parse(par.contracts[i], &c)) parsed.push_back(c);
    }
    std::stable_sort(
        parsed.begin(), parsed.end(),
        [](const contractType& a, const contractType& b) { return a.denom < b.denom; });
    std::vector<std::string> contracts;
    for (const contractType& c : parsed) contracts.push_back(ParText(c));
    Copy(absl::StrCat(name, ":", absl::StrJoin(contracts, ",")), out.parContractsString[side],
         sizeof(out.parContractsString[0]));
  }
  return out;
}

parResultsMaster MasterOf(const parResultsDealer& par) {
  parResultsMaster out{};
  out.score = par.score;
  for (int i = 0; i < par.number; ++i) {
    if (Parse(par.contracts[i], &out.contracts[out.number])) ++out.number;
  }
  return out;
}

std::string DealerText(const parResultsMaster& par) { return Texts(par, "N"); }
std::string SidesText(const parResultsMaster& par) { return Texts(par, "NT"); }

}  // namespace kibitzer::libdds

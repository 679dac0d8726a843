// Bridge game records: PBN games with their tags and BBO LIN.
//
// PBN (tistis.nl/pbn, version 2.1): tags Deal, Dealer, Vulnerable, Declarer, Contract, Auction,
// Play and Result (declarer's tricks; with the play stopped early, a claim). The Auction section
// lists calls from the dealer; the Play section lists each trick in columns by seat, from the
// opening leader, '-' for a card not (yet) played; a record may stop mid-trick, and '+' means the
// program is to move. LIN (BBO): md (dealer digit 1=S 2=W 3=N 4=E, then hands S, W, N, E; the
// fourth may be left out), sv (o n e b), mb (calls), pc (cards), mc (a claim: declarer's tricks in
// all). Every malformed input is refused with its reason, naming the field and where in it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/rules/play.h"
#include "engine/games/bridge/rules/scoring.h"

namespace kibitzer::bridge {

struct GameRecord {
  Hands deal{};         // the hands before the first card of the play record
  uint8_t known = 0xF;  // bit per seat whose hand the record gives (PBN: '-' for an unknown hand)
  std::optional<int> dealer;
  Vulnerability vulnerability = Vulnerability::kNone;
  std::optional<int> declarer;
  std::optional<Contract> contract;  // a passed-out board has level 0
  std::vector<std::string> auction;  // calls from the dealer: "1D", "Pass", "X", "XX"
  std::vector<int> play;             // cards in play order
  bool program_to_move = false;      // '+' in the auction or the play record
  // Declarer's tricks in all as the record states them where play stopped: a claim (LIN mc, a
  // PBN Result with the Play section stopped early) or the result of the whole play.
  std::optional<int> claim;
  std::map<std::string, std::string> tags;  // every PBN tag as read (LIN: none)
  std::string text;                         // the game's lines as given (PBN), for rewriting
};

// Every game of a PBN file; a game needs at least a Deal tag. Tags a game leaves out are
// inherited from the game before ("#" in a tag value means "as before").
absl::StatusOr<std::vector<GameRecord>> ParsePbnGames(absl::string_view text,
                                                      absl::string_view field);
// The same, each game on its own: a game that does not make sense is its error (naming the game
// and its line), with the game's text, and the others are read. Errors of the file as a whole
// (no game at all, a broken tag) are the call's.
struct PbnGame {
  absl::StatusOr<GameRecord> record;
  std::string text;  // the game's lines as given
};
absl::StatusOr<std::vector<PbnGame>> ParsePbnGamesEach(absl::string_view text,
                                                       absl::string_view field);
// One game as a PBN record standing on its own (no tag left to the game before): Deal ('-' for a
// hand not known), Dealer, Vulnerable, Declarer, Contract and the Play section.
std::string FormatPbnGame(const GameRecord& record);
// A BBO LIN record.
absl::StatusOr<GameRecord> ParseLin(absl::string_view text, absl::string_view field);
// Either, told apart by their look (LooksLikeRecord): PBN starts with '[' (after `%` directive
// lines such as "% PBN 2.1" and comments), LIN has "md|".
absl::StatusOr<GameRecord> ParseGameRecord(absl::string_view text, absl::string_view field);
// Whether `text` is a game record (PBN with tags, or LIN) rather than a bare PBN deal.
bool LooksLikeRecord(absl::string_view text);

// The contract and declarer an auction reaches (calls from `dealer`); nullopt while it is not
// over. Errors name an insufficient bid, a double of partner, and the like.
struct AuctionResult {
  Contract contract;
  int declarer = 0;
};
absl::StatusOr<std::optional<AuctionResult>> RunAuction(const std::vector<std::string>& calls,
                                                        int dealer, absl::string_view field);

// A record's claim (GameRecord::claim) is possible where the play stopped: declarer's side has
// won at least the claim's tricks less those left, at most all of them. Errors name `field`.
absl::Status CheckClaim(const GameRecord& record, absl::string_view field);

// The card-play position after the play record, which is checked card by card (held, follows
// suit). Needs the contract and declarer (from the tags or the auction).
absl::StatusOr<PlayPosition> PositionAfterPlay(const GameRecord& record, absl::string_view field);

}  // namespace kibitzer::bridge

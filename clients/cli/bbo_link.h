// kibitz --link: the address of a deal in Bridge Base Online's hand viewer, the picture people
// share (https://www.bridgebase.com/tools/handviewer.html, parameters n/e/s/w, d, v).
#pragma once

#include <string>
#include <string_view>

namespace kibitzer::cli {

// The hand-viewer URL of a PBN deal ("N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 ..."; a '-' hand is left
// out). dealer: N, E, S, W or empty; vulnerable: None, NS, EW, All or empty. Empty when the deal is
// not a PBN deal.
std::string HandViewerUrl(std::string_view pbn_deal, std::string_view dealer = "",
                          std::string_view vulnerable = "");

// A game record (PBN with tags, or LIN) as the hand viewer's `lin` parameter: the deal as dealt
// (md, with the dealer), the vulnerability (sv), the auction (mb) and the play (pc), so that the
// viewer shows the bidding and steps through the cards. Empty when `record` is not one, or does
// not give all four hands.
std::string HandViewerRecordUrl(std::string_view record);

}  // namespace kibitzer::cli

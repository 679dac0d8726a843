/* A program written against DDS's own header (Debian's libdds-dev) that calls every function of
 * DDS's C API on seeded random deals and positions and on bad input, and prints what it gets
 * back in a canonical form (cards of equal score in suit and rank order, nodes left out, a
 * single "one of the best cards" answer checked against the full list). Run once with Debian's
 * libdds and once with LD_LIBRARY_PATH naming the drop-in: the two outputs must be the same.
 *   dds_driver [DEALS]   (default 12)
 *   dds_driver order N   the cards of N whole deals' opening leads with all solutions, in the
 *                        order SolveBoard lists them (compared by order.sh) */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned Next(unsigned n) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)((rng_state >> 33) % n);
}

static const char kSuits[] = "SHDC";
static const char kRanks[] = "--23456789TJQKA";

/* A random deal as holdings [hand][suit]. */
static void RandomDeal(unsigned cards[4][4]) {
  int deck[52], i;
  memset(cards, 0, sizeof(unsigned) * 16);
  for (i = 0; i < 52; ++i) deck[i] = i;
  for (i = 51; i > 0; --i) {
    int j = (int)Next((unsigned)i + 1), t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  for (i = 0; i < 52; ++i) cards[i / 13][deck[i] / 13] |= 1u << (2 + deck[i] % 13);
}

static void Pbn(unsigned cards[4][4], char *out) {
  int h, s, r;
  char *p = out;
  p += sprintf(p, "N:");
  for (h = 0; h < 4; ++h) {
    for (s = 0; s < 4; ++s) {
      for (r = 14; r >= 2; --r)
        if (cards[h][s] >> r & 1) *p++ = kRanks[r];
      if (s < 3) *p++ = '.';
    }
    if (h < 3) *p++ = ' ';
  }
  *p = '\0';
}

/* Plays `count` random legal cards from the start (leader `first`), recording the trace; the
 * position is left in `d` (trick in progress included). Returns the cards played. */
static int PlayRandom(struct deal *d, int count, int trump, struct playTraceBin *trace) {
  int played = 0, table[4][2], n = 0, leader = d->first;
  trace->number = 0;
  while (played < count) {
    int seat = (leader + n) % 4, suit, rank, s, options[13][2], k = 0;
    for (s = 0; s < 4; ++s) {
      for (rank = 2; rank <= 14; ++rank) {
        if (!(d->remainCards[seat][s] >> rank & 1)) continue;
        if (n > 0 && s != table[0][0] && d->remainCards[seat][table[0][0]] != 0) continue;
        options[k][0] = s;
        options[k][1] = rank;
        ++k;
      }
    }
    if (k == 0) break;
    k = (int)Next((unsigned)k);
    suit = options[k][0];
    rank = options[k][1];
    d->remainCards[seat][suit] &= ~(1u << rank);
    trace->suit[played] = suit;
    trace->rank[played] = rank;
    table[n][0] = suit;
    table[n][1] = rank;
    ++played;
    if (++n == 4) {
      int w = 0, i;
      for (i = 1; i < 4; ++i) {
        int beats = (table[i][0] == table[w][0] && table[i][1] > table[w][1]) ||
                    (table[i][0] == trump && table[w][0] != trump);
        if (beats) w = i;
      }
      leader = (leader + w) % 4;
      n = 0;
    }
  }
  trace->number = played;
  d->first = leader;
  memset(d->currentTrickSuit, 0, sizeof(d->currentTrickSuit));
  memset(d->currentTrickRank, 0, sizeof(d->currentTrickRank));
  {
    int i;
    for (i = 0; i < n; ++i) {
      d->currentTrickSuit[i] = table[i][0];
      d->currentTrickRank[i] = table[i][1];
    }
  }
  return played;
}

struct Entry {
  int suit, rank, equals, score;
};

static int Compare(const void *a, const void *b) {
  const struct Entry *x = a, *y = b;
  if (x->score != y->score) return y->score - x->score;
  if (x->suit != y->suit) return x->suit - y->suit;
  return y->rank - x->rank;
}

static void PrintSorted(const struct futureTricks *f) {
  struct Entry e[13];
  int i;
  for (i = 0; i < f->cards; ++i) {
    e[i].suit = f->suit[i];
    e[i].rank = f->rank[i];
    e[i].equals = f->equals[i];
    e[i].score = f->score[i];
  }
  qsort(e, (size_t)f->cards, sizeof(e[0]), Compare);
  printf(" cards=%d", f->cards);
  for (i = 0; i < f->cards; ++i)
    printf(" %c%c/%x=%d", kSuits[e[i].suit], kRanks[e[i].rank], e[i].equals, e[i].score);
  if (f->cards == 0) printf(" score0=%d", f->score[0]);
  printf("\n");
}

/* The value the full list gives the card `f` returned first (its group's value). */
static int ValueOf(const struct futureTricks *all, int suit, int rank) {
  int i;
  for (i = 0; i < all->cards; ++i) {
    if (all->suit[i] != suit) continue;
    if (all->rank[i] == rank || (all->equals[i] >> rank & 1)) return all->score[i];
  }
  return -100;
}

/* Whether two answers list the same cards with the same values, in any order (only the first
 * `cards` entries are written; the rest of each array is whatever the caller's memory held). */
static int SameTricks(const struct futureTricks *a, const struct futureTricks *b) {
  int i;
  if (a->cards != b->cards) return 0;
  for (i = 0; i < a->cards; ++i)
    if (ValueOf(b, a->suit[i], a->rank[i]) != a->score[i]) return 0;
  return 1;
}

static void Solve(const char *what, struct deal d, int tricks_left) {
  struct futureTricks all, f;
  int r = SolveBoard(d, -1, 3, 1, &all, 0), target;
  printf("%s all r=%d", what, r);
  PrintSorted(&all);
  for (target = -1; target <= tricks_left; target += (target < 1 ? 1 : 3)) {
    int sol;
    for (sol = 1; sol <= 2; ++sol) {
      r = SolveBoard(d, target, sol, 1, &f, 0);
      printf("%s t=%d s=%d r=%d", what, target, sol, r);
      if (sol == 1 && f.cards == 1 && target != 0) {
        /* Any card of the wanted value will do: say whether it has it. */
        printf(" one card, score %d, its value %s\n", f.score[0],
               ValueOf(&all, f.suit[0], f.rank[0]) >= f.score[0] ? "reaches it" : "FALLS SHORT");
      } else if (sol == 1 && target == 0) {
        printf(" cards=%d score=%d legal=%s\n", f.cards, f.score[0],
               ValueOf(&all, f.suit[0], f.rank[0]) >= 0 ? "yes" : "NO");
      } else {
        PrintSorted(&f);
      }
    }
  }
}

static void Tables(unsigned deals[][4][4], int count) {
  int i, v, dealer, s, h;
  for (i = 0; i < count; ++i) {
    struct ddTableDeal td;
    struct ddTableDealPBN tp;
    struct ddTableResults a, b;
    int ra, rb;
    memcpy(td.cards, deals[i], sizeof(td.cards));
    Pbn(deals[i], tp.cards);
    ra = CalcDDtable(td, &a);
    rb = CalcDDtablePBN(tp, &b);
    printf("table %d r=%d/%d:", i, ra, rb);
    for (s = 0; s < 5; ++s)
      for (h = 0; h < 4; ++h) printf(" %d%s", a.resTable[s][h], a.resTable[s][h] == b.resTable[s][h] ? "" : "!");
    printf("\n");
    for (v = 0; v < 4; ++v) {
      struct parResults par;
      struct parResultsDealer sides[2];
      struct parResultsMaster master[2];
      struct parTextResults text;
      memset(&par, 0, sizeof(par));
      printf("par v=%d r=%d", v, Par(&a, &par, v));
      printf(" [%s] [%s] [%s] [%s]\n", par.parScore[0], par.parScore[1],
             par.parContractsString[0], par.parContractsString[1]);
      memset(sides, 0, sizeof(sides));
      printf("sides r=%d", SidesPar(&a, sides, v));
      for (s = 0; s < 2; ++s) {
        printf(" | %d %d", sides[s].number, sides[s].score);
        for (h = 0; h < sides[s].number; ++h) printf(" %s", sides[s].contracts[h]);
      }
      memset(master, 0, sizeof(master));
      memset(&text, 0, sizeof(text));
      printf("\nsidesbin r=%d", SidesParBin(&a, master, v));
      ConvertToSidesTextFormat(master, &text);
      printf(" [%s] [%s] equal=%d\n", text.parText[0], text.parText[1], text.equal ? 1 : 0);
      for (dealer = 0; dealer < 4; ++dealer) {
        struct parResultsDealer dp;
        struct parResultsMaster pm;
        char line[128];
        memset(&dp, 0, sizeof(dp));
        memset(&pm, 0, sizeof(pm));
        printf("dealer %d r=%d", dealer, DealerPar(&a, &dp, dealer, v));
        printf(" %d %d", dp.number, dp.score);
        for (h = 0; h < dp.number; ++h) printf(" %s", dp.contracts[h]);
        printf(" bin r=%d", DealerParBin(&a, &pm, dealer, v));
        ConvertToDealerTextFormat(&pm, line);
        printf(" %d %d [%s]\n", pm.score, pm.number, line);
      }
    }
  }
}

static void AllTables(unsigned deals[][4][4], int count) {
  static struct ddTableDeals dealsb;
  static struct ddTableDealsPBN dealsp;
  static struct ddTablesRes res;
  static struct allParResults par;
  int filters[3][5] = {{0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, {1, 1, 1, 1, 1}};
  int f, i, s, h, r;
  dealsb.noOfTables = dealsp.noOfTables = count;
  for (i = 0; i < count; ++i) {
    memcpy(dealsb.deals[i].cards, deals[i], sizeof(dealsb.deals[i].cards));
    Pbn(deals[i], dealsp.deals[i].cards);
  }
  for (f = 0; f < 3; ++f) {
    memset(&res, 0, sizeof(res));
    memset(&par, 0, sizeof(par));
    r = CalcAllTables(&dealsb, f == 0 ? 2 : -1, filters[f], &res, &par);
    printf("alltables f=%d r=%d boards=%d", f, r, res.noOfBoards);
    for (i = 0; i < count && r == RETURN_NO_FAULT; ++i) {
      for (s = 0; s < 5; ++s)
        for (h = 0; h < 4; ++h) printf(" %d", res.results[i].resTable[s][h]);
      if (f == 0) printf(" [%s|%s]", par.presults[i].parScore[0], par.presults[i].parContractsString[0]);
    }
    printf("\n");
    memset(&res, 0, sizeof(res));
    r = CalcAllTablesPBN(&dealsp, -1, filters[f], &res, &par);
    printf("alltablespbn f=%d r=%d boards=%d first=%d\n", f, r, res.noOfBoards, res.results[0].resTable[0][0]);
  }
  dealsb.noOfTables = 41;
  printf("alltables 41 r=%d\n", CalcAllTables(&dealsb, -1, filters[0], &res, &par));
}

/* SolveBoard's list of every card for the opening lead of `count` seeded deals, as listed:
 * cards of one value in the order the library gives them. */
static void ListingOrder(int count) {
  int i, k;
  for (i = 0; i < count; ++i) {
    struct deal d;
    struct futureTricks f;
    int r;
    memset(&d, 0, sizeof(d));
    RandomDeal(d.remainCards);
    d.trump = (int)Next(5);
    d.first = (int)Next(4);
    r = SolveBoard(d, -1, 3, 1, &f, 0);
    printf("%d r=%d:", i, r);
    for (k = 0; k < f.cards; ++k)
      printf(" %c%c/%x=%d", kSuits[f.suit[k]], kRanks[f.rank[k]], f.equals[k], f.score[k]);
    printf("\n");
  }
}

int main(int argc, char **argv) {
  static unsigned deals[40][4][4];
  static struct boards bo;
  static struct boardsPBN bp;
  static struct solvedBoards solved, all;
  static int lefts[MAXNOOFBOARDS];
  static struct playTracesBin traces;
  static struct playTracesPBN tracesp;
  static struct solvedPlays plays;
  int count = argc > 1 ? atoi(argv[1]) : 12, i, j, r;
  if (argc > 2 && strcmp(argv[1], "order") == 0) {
    SetMaxThreads(1);
    ListingOrder(atoi(argv[2]));
    return 0;
  }
  if (count < 1 || count > 40) count = 12;
  SetMaxThreads(0);
  for (i = 0; i < count; ++i) RandomDeal(deals[i]);
  Tables(deals, count < 6 ? count : 6);
  AllTables(deals, count);

  bo.noOfBoards = bp.noOfBoards = traces.noOfBoards = tracesp.noOfBoards = count;
  for (i = 0; i < count; ++i) {
    struct deal d, start;
    struct playTraceBin trace;
    struct solvedPlay sp, spp;
    struct playTracePBN tp;
    char what[32];
    int played, k;
    memset(&d, 0, sizeof(d));
    d.trump = (int)Next(5);
    d.first = (int)Next(4);
    memcpy(d.remainCards, deals[i], sizeof(d.remainCards));
    start = d;
    played = PlayRandom(&d, (int)Next(48), d.trump, &trace);
    sprintf(what, "board %d (%d played)", i, played);
    lefts[i] = (52 - played + 3) / 4;
    Solve(what, d, (52 - played + 3) / 4);
    /* The same through PBN. */
    {
      struct dealPBN p;
      struct futureTricks a, b;
      p.trump = d.trump;
      p.first = d.first;
      memcpy(p.currentTrickSuit, d.currentTrickSuit, sizeof(p.currentTrickSuit));
      memcpy(p.currentTrickRank, d.currentTrickRank, sizeof(p.currentTrickRank));
      Pbn(d.remainCards, p.remainCards);
      r = SolveBoardPBN(p, -1, 3, 1, &a, 0);
      SolveBoard(d, -1, 3, 1, &b, 0);
      printf("pbn r=%d same=%d\n", r, SameTricks(&a, &b));
      bp.deals[i] = p;
    }
    /* The play analysed card by card. */
    r = AnalysePlayBin(start, trace, &sp, 0);
    printf("play r=%d n=%d:", r, sp.number);
    for (k = 0; k < sp.number; ++k) printf(" %d", sp.tricks[k]);
    tp.number = trace.number;
    for (k = 0; k < trace.number; ++k) {
      tp.cards[2 * k] = kSuits[trace.suit[k]];
      tp.cards[2 * k + 1] = kRanks[trace.rank[k]];
    }
    tp.cards[2 * trace.number] = '\0';
    {
      struct dealPBN sp_deal;
      sp_deal.trump = start.trump;
      sp_deal.first = start.first;
      memset(sp_deal.currentTrickSuit, 0, sizeof(sp_deal.currentTrickSuit));
      memset(sp_deal.currentTrickRank, 0, sizeof(sp_deal.currentTrickRank));
      Pbn(start.remainCards, sp_deal.remainCards);
      r = AnalysePlayPBN(sp_deal, tp, &spp, 0);
      printf(" | pbn r=%d same=%d\n", r, spp.number == sp.number &&
             memcmp(spp.tricks, sp.tricks, sizeof(int) * (size_t)sp.number) == 0);
      bo.deals[i] = start;
      traces.plays[i] = trace;
      tracesp.plays[i] = tp;
    }
    bo.target[i] = bp.target[i] = -1;
    bo.solutions[i] = bp.solutions[i] = 3;
    bo.mode[i] = bp.mode[i] = 0;
  }
  /* Batches. */
  r = SolveAllBoards(&bp, &solved);
  printf("solveall r=%d n=%d\n", r, solved.noOfBoards);
  for (i = 0; i < solved.noOfBoards; ++i) {
    printf("  %d", i);
    PrintSorted(&solved.solvedBoard[i]);
  }
  /* Each board with another target and solutions (the best, the legal cards, a target each
   * card may or may not reach; one card or all): a card returned alone is printed by its value,
   * which any of equal value share. */
  all = solved;
  for (i = 0; i < count; ++i) {
    const int best = all.solvedBoard[i].score[0];
    const int kind = i % 5;
    /* (best is -2 where one card was all there was to play: no target of its own.) */
    bp.target[i] = kind < 2 || best < 0 ? -1 : kind == 2 ? 0 : (best + (kind == 4) < lefts[i] ? best + (kind == 4) : lefts[i]);
    bp.solutions[i] = 1 + i % 2;
  }
  r = SolveAllBoards(&bp, &solved);
  printf("solveall mixed r=%d n=%d\n", r, solved.noOfBoards);
  for (i = 0; i < solved.noOfBoards; ++i) {
    const struct futureTricks *f = &solved.solvedBoard[i];
    printf("  %d target=%d solutions=%d", i, bp.target[i], bp.solutions[i]);
    if (bp.solutions[i] == 1 && f->cards == 1)
      printf(" one card of value %d scored %d\n", ValueOf(&all.solvedBoard[i], f->suit[0], f->rank[0]), f->score[0]);
    else
      PrintSorted(f);
  }
  for (i = 0; i < count; ++i) {
    bp.target[i] = -1;
    bp.solutions[i] = 3;
  }
  r = SolveAllChunksBin(&bo, &solved, 1);
  printf("chunksbin r=%d n=%d first=%d\n", r, solved.noOfBoards, solved.solvedBoard[0].score[0]);
  r = AnalyseAllPlaysBin(&bo, &traces, &plays, 1);
  printf("allplays r=%d n=%d", r, plays.noOfBoards);
  for (i = 0; i < plays.noOfBoards; ++i) printf(" %d:%d", plays.solved[i].number, plays.solved[i].tricks[plays.solved[i].number - 1]);
  r = AnalyseAllPlaysPBN(&bp, &tracesp, &plays, 1);
  printf("\nallplayspbn r=%d n=%d\n", r, plays.noOfBoards);

  /* Bad input, one fault at a time. */
  {
    struct deal d;
    struct futureTricks f;
    struct playTraceBin t;
    struct solvedPlay sp;
    char line[80];
    int codes[] = {1, -1, -2, -3, -4, -5, -7, -8, -9, -10, -12, -13, -14, -15, -16, -17, -18, -19, -98, -99, -101, -201, -202, -301, -1000};
    memset(&d, 0, sizeof(d));
    d.trump = 4;
    memcpy(d.remainCards, deals[0], sizeof(d.remainCards));
    printf("bad target -2: %d\n", SolveBoard(d, -2, 1, 1, &f, 0));
    printf("bad target 14: %d\n", SolveBoard(d, 14, 1, 1, &f, 0));
    printf("bad solutions 0: %d\n", SolveBoard(d, -1, 0, 1, &f, 0));
    printf("bad solutions 4: %d\n", SolveBoard(d, -1, 4, 1, &f, 0));
    printf("bad mode -1: %d\n", SolveBoard(d, -1, 1, -1, &f, 0));
    printf("bad mode 3: %d\n", SolveBoard(d, -1, 1, 3, &f, 0));
    printf("bad thread 99: %d\n", SolveBoard(d, -1, 1, 1, &f, 99));
    printf("bad thread -1: %d\n", SolveBoard(d, -1, 1, 1, &f, -1));
    d.trump = 5;
    printf("bad trump: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    d.trump = 4;
    d.first = 4;
    printf("bad first: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    d.first = 0;
    d.remainCards[1][0] |= d.remainCards[0][0] & (0u - d.remainCards[0][0]);
    printf("bad too many cards: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    d.remainCards[1][0] ^= d.remainCards[0][0] & (0u - d.remainCards[0][0]);
    d.remainCards[1][1] ^= d.remainCards[1][1] & (0u - d.remainCards[1][1]);
    d.remainCards[1][1] |= d.remainCards[0][1] & (0u - d.remainCards[0][1]);
    printf("bad duplicate: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    memcpy(d.remainCards, deals[0], sizeof(d.remainCards));
    d.remainCards[2][1] = 0;
    printf("bad count: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    memset(d.remainCards, 0, sizeof(d.remainCards));
    printf("bad zero cards: %d\n", SolveBoard(d, -1, 1, 1, &f, 0));
    d.remainCards[0][0] = 1u << 14;
    d.remainCards[1][0] = 1u << 13;
    d.remainCards[2][0] = 1u << 12;
    d.remainCards[3][0] = 1u << 11;
    printf("bad target too high: %d\n", SolveBoard(d, 2, 1, 1, &f, 0));
    memcpy(d.remainCards, deals[0], sizeof(d.remainCards));
    d.first = 0;
    t.number = 1;
    for (i = 0; i < 4; ++i)
      if (deals[0][1][i] != 0) break;
    t.suit[0] = i;
    for (j = 2; j <= 14; ++j)
      if (deals[0][1][i] >> j & 1) break;
    t.rank[0] = j; /* East's card, but North leads */
    printf("bad play: %d\n", AnalysePlayBin(d, t, &sp, 0));
    bo.noOfBoards = 201;
    bp.noOfBoards = 201;
    printf("bad boards: %d %d\n", SolveAllChunksBin(&bo, &solved, 1), SolveAllBoards(&bp, &solved));
    for (i = 0; i < (int)(sizeof(codes) / sizeof(codes[0])); ++i) {
      ErrorMessage(codes[i], line);
      printf("error %d: %s\n", codes[i], line);
    }
  }
  {
    struct DDSInfo info;
    GetDDSInfo(&info);
    printf("info %d.%d.%d %s\n", info.major, info.minor, info.patch, info.versionString);
    /* Which library answered (not compared): the drop-in names itself. */
    fprintf(stderr, "library: %s\n", strstr(info.systemString, "kibitzer") ? "kibitzer" : "dds");
  }
  FreeMemory();
  return 0;
}

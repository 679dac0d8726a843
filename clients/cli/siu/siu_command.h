// `kibitz siu`: the SIU session on stdin and stdout.
#pragma once

#include <string>

#include "clients/cli/siu/siu_session.h"

namespace kibitzer::cli {

// Reads commands from stdin until `quit` or its end; returns the exit code.
int RunSiu(siu::Session::TransportFactory factory, const std::string& lexicon_dir, bool remote);

}  // namespace kibitzer::cli

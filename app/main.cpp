// SPDX-License-Identifier: MIT
// The nqueens program: everything happens in nqcli::main (cli.cpp).
#include "cli.hpp"

int main(int argc, char** argv) { return nqcli::main(argc, argv); }

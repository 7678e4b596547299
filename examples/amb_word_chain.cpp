// SPDX-License-Identifier: MIT
// The classic Amb puzzle: pick one word from each of four lists so that each word's last
// letter is the first letter of the next word. With nq::Amb the program states the puzzle and
// nothing else; the search is Amb's. Prints "that thing grows slowly".
#include <iostream>
#include <nqueens/amb.hpp>
#include <string>
#include <vector>

int main() {
  using Words = std::vector<std::string>;
  const std::vector<Words> lists = {{"the", "that", "a"},
                                    {"frog", "elephant", "thing"},
                                    {"walked", "treaded", "grows"},
                                    {"slowly", "quickly"}};
  std::vector<std::string> chain;
  nq::Amb amb;
  const bool solved = amb.run_first([&](nq::Amb& a) {
    chain.clear();
    for (const Words& words : lists) {
      const std::string word = a.choose(words);
      a.require(chain.empty() || chain.back().back() == word.front());
      chain.push_back(word);
    }
  });
  if (!solved) {
    std::cerr << "no chain\n";
    return 1;
  }
  for (std::size_t i = 0; i < chain.size(); ++i) std::cout << (i ? " " : "") << chain[i];
  std::cout << '\n';
  return 0;
}

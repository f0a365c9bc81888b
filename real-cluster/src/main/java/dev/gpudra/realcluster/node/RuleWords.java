package dev.gpudra.realcluster.node;

import java.util.ArrayList;
import java.util.List;

/** Splits a rule as {@code iptables -S} prints it into its words: double quotes group. Pure. */
final class RuleWords {
  private RuleWords() {}

  static List<String> split(String rule) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    boolean inWord = false;
    for (int i = 0; i < rule.length(); i++) {
      char c = rule.charAt(i);
      if (c == '\\' && quoted && i + 1 < rule.length()) {
        word.append(rule.charAt(++i));
      } else if (c == '"') {
        quoted = !quoted;
        inWord = true;
      } else if (c == ' ' && !quoted) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}

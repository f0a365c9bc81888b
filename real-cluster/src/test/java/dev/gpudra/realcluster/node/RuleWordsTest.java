package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RuleWordsTest {
  static Stream<Arguments> rules() {
    return Stream.of(
        Arguments.of("-A INPUT -j KUBE-FIREWALL", List.of("-A", "INPUT", "-j", "KUBE-FIREWALL")),
        Arguments.of(
            "-A KUBE-FIREWALL ! -s 127.0.0.0/8 -m comment --comment \"block incoming localnet"
                + " connections\" -j DROP",
            List.of(
                "-A",
                "KUBE-FIREWALL",
                "!",
                "-s",
                "127.0.0.0/8",
                "-m",
                "comment",
                "--comment",
                "block incoming localnet connections",
                "-j",
                "DROP")),
        Arguments.of("-N KUBE-KUBELET-CANARY", List.of("-N", "KUBE-KUBELET-CANARY")),
        Arguments.of(
            "-A X --comment \"a \\\"quoted\\\" word\"",
            List.of("-A", "X", "--comment", "a \"quoted\" word")),
        Arguments.of("-A X --comment \"\" -j Y", List.of("-A", "X", "--comment", "", "-j", "Y")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  @DisplayName("a rule of iptables -S splits into the words iptables -D takes back")
  void splits(String rule, List<String> words) {
    assertThat(RuleWords.split(rule)).isEqualTo(words);
  }
}

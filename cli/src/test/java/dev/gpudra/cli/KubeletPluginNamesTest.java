package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The kubelet plugins refuse a namespace or node name the API server would refuse, at start. */
class KubeletPluginNamesTest {
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "gpu-kubelet-plugin|--namespace= |--namespace (NAMESPACE): \" \" is not a DNS-1123 label",
        "gpu-kubelet-plugin|--namespace=a/b|--namespace (NAMESPACE): \"a/b\" is not a DNS-1123",
        "gpu-kubelet-plugin|--namespace=Team-A|--namespace (NAMESPACE): \"Team-A\" is not",
        "gpu-kubelet-plugin|--node-name=node/../a|--node-name (NODE_NAME): \"node/../a\" is not a"
            + " DNS-1123 subdomain",
        "compute-domain-kubelet-plugin|--namespace= |--namespace (NAMESPACE): \" \" is not a"
            + " DNS-1123 label",
        "compute-domain-kubelet-plugin|--namespace=..|--namespace (NAMESPACE): \"..\" is not",
        "compute-domain-kubelet-plugin|--node-name= a|--node-name (NODE_NAME): \" a\" is not"
      })
  @DisplayName(
      "a namespace that is no DNS-1123 label (blank included) or a node name that is no DNS-1123"
          + " subdomain is refused at start: one line naming the flag and its variable, exit 2")
  void refused(String command, String flag, String error) {
    String node = flag.startsWith("--node-name") ? flag : "--node-name=n1";
    String other = flag.startsWith("--node-name") ? "--namespace=gpu-dra" : flag;
    CliRun run = CliRun.of(command, node, "--simulated-gpus=dgx-h100", other);

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(error);
    assertThat(run.err().strip().lines()).hasSize(1);
  }
}

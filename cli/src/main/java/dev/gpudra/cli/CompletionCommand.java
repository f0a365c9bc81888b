package dev.gpudra.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra completion bash|zsh|fish}: a shell completion script on stdout, as {@code kubectl
 * completion}. bash and zsh share picocli's script (zsh runs it through bashcompinit); fish gets
 * its own {@code complete} lines ({@link FishCompletion}).
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print a shell completion script for gpu-dra.",
      "  bash: source <(gpu-dra completion bash)",
      "  zsh:  source <(gpu-dra completion zsh)",
      "  fish: gpu-dra completion fish > ~/.config/fish/completions/gpu-dra.fish"
    })
final class CompletionCommand implements Callable<Integer> {
  enum Shell {
    bash,
    zsh,
    fish
  }

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "SHELL", description = "The shell: ${COMPLETION-CANDIDATES}.")
  Shell shell;

  @Override
  public Integer call() {
    CommandLine root = spec.root().commandLine();
    String name = spec.root().name();
    PrintWriter out = spec.commandLine().getOut();
    out.print(
        switch (shell) {
          case bash, zsh -> AutoComplete.bash(name, root);
          case fish -> new FishCompletion(name).script(root.getCommandSpec());
        });
    out.flush();
    return 0;
  }
}

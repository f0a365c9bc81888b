package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.Hook;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code nvidia-cdi-hook <command> <args>} at createContainer, as nvcdi writes it. */
final class CdiHooks {
  private CdiHooks() {}

  static Hook hook(String hookPath, String command, List<String> args) {
    List<String> all = new ArrayList<>();
    String binary = Path.of(hookPath).getFileName().toString();
    all.add(binary);
    if (binary.equals("nvidia-ctk")) {
      all.add("hook");
    }
    all.add(command);
    all.addAll(args);
    return new Hook("createContainer", hookPath, all, List.of("NVIDIA_CTK_DEBUG=false"), null);
  }

  /** The subcommand of a hook made by {@link #hook}. */
  static String subcommand(Hook hook) {
    return hook.args().get("hook".equals(hook.args().get(1)) ? 2 : 1);
  }
}

package dev.gpudra.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A kubelet plugin binary the bench can start against a {@link PluginLayout}. */
public sealed interface PluginBinary {
  /** The command line that starts it on {@code layout}. */
  List<String> command(PluginLayout layout);

  /** Variables added to the inherited environment. */
  default Map<String, String> environment(PluginLayout layout) {
    return layout.environment();
  }

  /**
   * Ours: {@code gpu-dra gpu-kubelet-plugin} in a child JVM, with simulated GPUs.
   *
   * @param profile the simulated GPU profile
   */
  record Ours(ChildJvm jvm, String profile) implements PluginBinary {
    public Ours {
      Objects.requireNonNull(jvm, "jvm");
      Objects.requireNonNull(profile, "profile");
    }

    @Override
    public List<String> command(PluginLayout layout) {
      return jvm.command(layout.pluginArgs(profile));
    }
  }

  /**
   * A peer: the user's command line, run by {@code /bin/sh} (so quotes, globs and variables work as
   * typed) with {@code exec}, so that the process measured is the plugin and not the shell, and
   * NVIDIA's directory flags appended. Whatever makes it see GPUs (our {@code --simulated-gpus},
   * NVIDIA's mock NVML) is in the user's line.
   *
   * @param line the command line, e.g. {@code /usr/bin/gpu-kubelet-plugin -v 1}
   */
  record Peer(String line) implements PluginBinary {
    public Peer {
      Objects.requireNonNull(line, "line");
      if (line.isBlank()) {
        throw new IllegalArgumentException("--peer-command: empty command line");
      }
    }

    @Override
    public List<String> command(PluginLayout layout) {
      List<String> command =
          new ArrayList<>(List.of("/bin/sh", "-c", "exec " + line + " \"$@\"", "peer"));
      command.addAll(layout.nvidiaFlags());
      return List.copyOf(command);
    }
  }
}

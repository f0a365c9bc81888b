package dev.gpudra.cli;

import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * kubectl's search for a kubeconfig: {@code --kubeconfig} (that file, which must exist), else every
 * existing file of {@code $KUBECONFIG} (a {@code :}-separated list, merged, first wins), else
 * {@code ~/.kube/config} when it exists; none of them means in-cluster configuration. The context
 * is {@code --context} or the merged current-context, and must exist.
 */
final class KubeconfigChain {
  /** A kubeconfig is a few KiB, with certificates inline a few dozen; this bounds a wrong file. */
  private static final int MAX_BYTES = 16 * 1024 * 1024;

  /**
   * A merged kubeconfig with the context chosen.
   *
   * @param config the merged kubeconfig, file references absolute, the chosen context current
   * @param context the name of the context to use, present in {@code config}
   * @param files the files it was merged from, in order
   */
  record Resolved(Config config, String context, List<Path> files) {}

  private final Optional<String> kubeconfigVariable;
  private final Path home;

  /**
   * @param kubeconfigVariable the value of {@code $KUBECONFIG}, if set
   * @param home the user's home directory
   */
  KubeconfigChain(Optional<String> kubeconfigVariable, Path home) {
    this.kubeconfigVariable = kubeconfigVariable;
    this.home = home;
  }

  /**
   * The kubeconfig for {@code target}; empty when there is none, for in-cluster configuration.
   *
   * @throws InvalidArgumentsException an unreadable file, one that is not a kubeconfig, or a
   *     context that none of the files defines
   */
  Optional<Resolved> resolve(ClusterTarget target) {
    List<Path> files = files(target);
    if (files.isEmpty()) {
      target
          .context()
          .ifPresent(c -> {
            throw new InvalidArgumentsException(
                "--context " + c + ": no kubeconfig to find it in (" + searched() + ")");
          });
      return Optional.empty();
    }
    String label = target.kubeconfig().isPresent() ? "--kubeconfig " : "kubeconfig ";
    List<KubeconfigMerge.Loaded> loaded = files.stream().map(f -> load(label, f)).toList();
    Config merged = KubeconfigMerge.merge(loaded);
    String context = context(target, merged, files);
    merged.setCurrentContext(context);
    return Optional.of(new Resolved(merged, context, files));
  }

  private List<Path> files(ClusterTarget target) {
    if (target.kubeconfig().isPresent()) {
      return List.of(target.kubeconfig().get());
    }
    if (kubeconfigVariable.filter(v -> !v.isBlank()).isPresent()) {
      List<Path> files = new ArrayList<>();
      Arrays.stream(kubeconfigVariable.get().split(File.pathSeparator))
          .filter(f -> !f.isBlank())
          .map(Path::of)
          .filter(Files::isRegularFile)
          .filter(f -> !files.contains(f))
          .forEach(files::add);
      return files;
    }
    Path standard = home.resolve(".kube").resolve("config");
    return Files.isRegularFile(standard) ? List.of(standard) : List.of();
  }

  private String searched() {
    return kubeconfigVariable
        .filter(v -> !v.isBlank())
        .map(v -> "KUBECONFIG=" + v + " names no existing file")
        .orElse("no --kubeconfig, no KUBECONFIG, no " + home.resolve(".kube/config"));
  }

  private static String context(ClusterTarget target, Config merged, List<Path> files) {
    List<String> names =
        merged.getContexts() == null
            ? List.of()
            : merged.getContexts().stream().map(NamedContext::getName).toList();
    if (target.context().isPresent()) {
      String wanted = target.context().get();
      if (!names.contains(wanted)) {
        throw new InvalidArgumentsException(
            "--context " + wanted + ": no such context in " + files + "; it has " + names);
      }
      return wanted;
    }
    String current = merged.getCurrentContext();
    if (current == null || current.isBlank()) {
      throw new InvalidArgumentsException(
          files + ": no current-context; name one of " + names + " with --context");
    }
    if (!names.contains(current)) {
      throw new InvalidArgumentsException(
          files + ": current-context " + current + " is not among its contexts " + names);
    }
    return current;
  }

  private static KubeconfigMerge.Loaded load(String label, Path file) {
    String text;
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new InvalidArgumentsException(
            label + file + ": not a kubeconfig: larger than " + MAX_BYTES / (1024 * 1024) + " MiB");
      }
      text = new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          label + file + ": cannot read: " + OneLineErrors.reason(e));
    }
    Config config;
    try {
      config = KubeConfigUtils.parseConfigFromString(text);
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(
          label
              + file
              + ": not a kubeconfig: "
              + OneLineErrors.oneLine(OneLineErrors.rootCause(e)));
    }
    if (config != null && config.getKind() != null && !config.getKind().equals("Config")) {
      throw new InvalidArgumentsException(
          label + file + ": not a kubeconfig: kind " + config.getKind() + ", not Config");
    }
    if (config == null) {
      // kubectl skips an empty file of $KUBECONFIG; one named on its own is a mistake
      if (label.startsWith("--")) {
        throw new InvalidArgumentsException(label + file + ": not a kubeconfig: empty");
      }
      config = new Config();
    }
    return new KubeconfigMerge.Loaded(file, config);
  }
}

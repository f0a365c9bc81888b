package dev.gpudra.cli;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.ConfigBuilder;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * kubectl's merge of several kubeconfig files: a cluster, user or context is taken from the first
 * file that names it, and so is the current-context. File references (certificate authority, client
 * certificate and key, token file, an exec plugin's relative command) are relative to the file that
 * holds them, so they are made absolute before the files are merged into one.
 */
final class KubeconfigMerge {
  /** One parsed file. */
  record Loaded(Path file, Config config) {}

  private KubeconfigMerge() {}

  static Config merge(List<Loaded> files) {
    Map<String, NamedCluster> clusters = new LinkedHashMap<>();
    Map<String, NamedAuthInfo> users = new LinkedHashMap<>();
    Map<String, NamedContext> contexts = new LinkedHashMap<>();
    String current = null;
    for (Loaded loaded : files) {
      Path dir = loaded.file().toAbsolutePath().getParent();
      Config config = loaded.config();
      firstWins(config.getClusters(), NamedCluster::getName, clusters)
          .forEach(c -> absolute(c.getCluster(), dir));
      firstWins(config.getUsers(), NamedAuthInfo::getName, users)
          .forEach(u -> absolute(u.getUser(), dir));
      firstWins(config.getContexts(), NamedContext::getName, contexts);
      if ((current == null || current.isBlank()) && config.getCurrentContext() != null) {
        current = config.getCurrentContext();
      }
    }
    return new ConfigBuilder()
        .withApiVersion("v1")
        .withKind("Config")
        .withClusters(new ArrayList<>(clusters.values()))
        .withUsers(new ArrayList<>(users.values()))
        .withContexts(new ArrayList<>(contexts.values()))
        .withCurrentContext(current)
        .build();
  }

  /** Adds the entries whose names are new; returns those. */
  private static <T> List<T> firstWins(
      List<T> entries, Function<T, String> name, Map<String, T> merged) {
    List<T> added = new ArrayList<>();
    if (entries != null) {
      for (T entry : entries) {
        if (name.apply(entry) != null && merged.putIfAbsent(name.apply(entry), entry) == null) {
          added.add(entry);
        }
      }
    }
    return added;
  }

  private static void absolute(Cluster cluster, Path dir) {
    if (cluster != null) {
      cluster.setCertificateAuthority(resolve(dir, cluster.getCertificateAuthority()));
    }
  }

  private static void absolute(AuthInfo user, Path dir) {
    if (user == null) {
      return;
    }
    user.setClientCertificate(resolve(dir, user.getClientCertificate()));
    user.setClientKey(resolve(dir, user.getClientKey()));
    user.setTokenFile(resolve(dir, user.getTokenFile()));
    if (user.getExec() != null && user.getExec().getCommand() != null) {
      String command = user.getExec().getCommand();
      // kubectl looks a bare command up on PATH; one with a slash is relative to the file
      if (command.contains("/")) {
        user.getExec().setCommand(resolve(dir, command));
      }
    }
  }

  private static String resolve(Path dir, String file) {
    return file == null || file.isEmpty() ? file : dir.resolve(file).normalize().toString();
  }
}

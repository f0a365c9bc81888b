package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * containerd pulls {@code registry}'s images from {@code server} instead, a plain-HTTP registry:
 * the {@code hosts.toml} a cluster's registry mirror configuration writes, as containerd's {@code
 * config_path} reads it.
 *
 * @param registry the registry host that image references name, e.g. {@code registry.gpu-dra.test}
 * @param server where its images are pulled from, {@code host:port}
 */
public record RegistryMirror(String registry, String server) {
  public RegistryMirror {
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(server, "server");
  }

  /** The file: pull and resolve from {@code http://server} only. */
  public String hostsToml() {
    return """
    server = "http://%s"
    [host."http://%s"]
      capabilities = ["pull", "resolve"]
    """
        .formatted(server, server);
  }

  /** Writes the file under containerd's {@code config_path}; containerd reads it at each pull. */
  void writeUnder(Path configPath) throws IOException {
    Path dir = Files.createDirectories(configPath.resolve(registry));
    Files.writeString(dir.resolve("hosts.toml"), hostsToml());
  }
}

package dev.gpudra.cli;

import dev.gpudra.deviceplugin.pernode.InvalidNamedConfigException;
import dev.gpudra.deviceplugin.pernode.NamedConfigs;
import dev.gpudra.deviceplugin.pernode.NodeLabelWatch;
import dev.gpudra.deviceplugin.pernode.ReconfiguringPlugin;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which device-plugin config file a process of the device plugin (the plugin, its MPS daemon)
 * starts with: {@code --config-file}, or the named config the node's label chooses, followed as the
 * label changes and as its content changes (read again every {@link #CONTENT_CHECK}).
 *
 * @param named the named configs ({@code --config-dir}), if given
 * @param client what reads the node's label, with named configs
 * @param label the label's value at start
 * @param file the config file chosen at start (empty: NVIDIA's defaults)
 */
record ConfigChoice(
    Optional<NamedConfigs> named,
    Optional<KubernetesClient> client,
    Optional<String> label,
    Optional<Path> file)
    implements AutoCloseable {
  /** How often the chosen named config is read again, for an edited ConfigMap. */
  static final java.time.Duration CONTENT_CHECK = java.time.Duration.ofSeconds(10);

  /**
   * @throws InvalidArgumentsException when both a file and named configs are given, or no named
   *     config can be chosen
   */
  static ConfigChoice of(PerNodeConfigOptions perNode, String configFile, String node) {
    Optional<NamedConfigs> named = perNode.configs();
    if (named.isPresent() && configFile != null && !configFile.isBlank()) {
      throw new InvalidArgumentsException(
          "--config-file (CONFIG_FILE) and --config-dir (CONFIG_FILE_SRCDIR) exclude each other:"
              + " one file, or named files chosen by the node's label");
    }
    if (named.isEmpty()) {
      return new ConfigChoice(
          named,
          Optional.empty(),
          Optional.empty(),
          Optional.ofNullable(configFile).filter(f -> !f.isBlank()).map(Path::of));
    }
    KubernetesClient client = Clients.connect(perNode.cluster.target());
    Optional<String> label = NodeLabelWatch.current(client, node, NamedConfigs.NODE_LABEL);
    try {
      return new ConfigChoice(named, Optional.of(client), label, named.get().choose(label).file());
    } catch (InvalidNamedConfigException e) {
      client.close();
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  /**
   * Starts what runs under the chosen config; with named configs, again under each config a label
   * change chooses.
   */
  ReconfiguringPlugin.Running run(String node, ReconfiguringPlugin.Factory factory) {
    if (named.isEmpty()) {
      return factory.prepare(file).start();
    }
    ReconfiguringPlugin plugin = ReconfiguringPlugin.start(named.get(), label, factory);
    plugin.followContent(CONTENT_CHECK);
    NodeLabelWatch watch =
        new NodeLabelWatch(
            client.orElseThrow(), node, NamedConfigs.NODE_LABEL, label, plugin::labelChanged);
    return () -> {
      watch.close();
      plugin.close();
    };
  }

  /** The kubelet's default node name: the host's name. */
  static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      throw new InvalidArgumentsException(
          "--node-name (NODE_NAME) is empty and the host has no name: " + e.getMessage());
    }
  }

  @Override
  public void close() {
    client.ifPresent(KubernetesClient::close);
  }
}

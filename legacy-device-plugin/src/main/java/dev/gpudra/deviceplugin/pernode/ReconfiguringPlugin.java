package dev.gpudra.deviceplugin.pernode;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin under a per-node config: started with the config the node's label chooses, and
 * reconfigured in place when the label changes (NVIDIA's config-manager restarts the plugin's
 * servers with SIGHUP; this stops them and starts them again from the new config). A label that
 * names no config, or a config that does not load, keeps the running one, with an error in the log.
 */
public final class ReconfiguringPlugin implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ReconfiguringPlugin.class);

  /** Builds the plugin for one config file: loads and checks first, starts servers second. */
  public interface Factory {
    /**
     * @param file the config file, or empty for NVIDIA's defaults
     * @return what starts the servers; everything that can fail on the config failed already
     */
    Prepared prepare(Optional<Path> file);
  }

  /** A plugin ready to start. */
  public interface Prepared {
    Running start();
  }

  /** What runs under one config (the plugin's servers, or the MPS daemons). */
  public interface Running extends AutoCloseable {
    @Override
    void close();
  }

  private final NamedConfigs configs;
  private final Factory factory;
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(Thread.ofPlatform().name("device-plugin-config").factory());
  private NamedConfigs.Choice current;
  private Running running;

  private ReconfiguringPlugin(NamedConfigs configs, Factory factory) {
    this.configs = configs;
    this.factory = factory;
  }

  /**
   * Starts with the config the label chooses.
   *
   * @throws InvalidNamedConfigException when no config can be chosen
   */
  public static ReconfiguringPlugin start(
      NamedConfigs configs, Optional<String> label, Factory factory) {
    ReconfiguringPlugin plugin =
        new ReconfiguringPlugin(
            Objects.requireNonNull(configs, "configs"), Objects.requireNonNull(factory, "factory"));
    NamedConfigs.Choice choice = configs.choose(label);
    plugin.running = factory.prepare(choice.file()).start();
    plugin.current = choice;
    log.info("device plugin config {} ({}={})", choice, NamedConfigs.NODE_LABEL, label.orElse(""));
    return plugin;
  }

  /** The config running now. */
  public synchronized NamedConfigs.Choice current() {
    return current;
  }

  /** Applies a new label value on the plugin's own thread, after any earlier one. */
  public void labelChanged(Optional<String> label) {
    worker.execute(() -> apply(label));
  }

  private synchronized void apply(Optional<String> label) {
    String seen = NamedConfigs.NODE_LABEL + "=" + label.orElse("(none)");
    NamedConfigs.Choice choice;
    Prepared prepared;
    try {
      choice = configs.choose(label);
      if (choice.equals(current)) {
        log.info("{}: config {} already runs", seen, choice);
        return;
      }
      prepared = factory.prepare(choice.file());
    } catch (RuntimeException e) {
      log.error("{}: {}; config {} keeps running", seen, e.getMessage(), current);
      return;
    }
    running.close();
    running = prepared.start();
    log.info("{}: reconfigured from config {} to {}", seen, current, choice);
    current = choice;
  }

  @Override
  public void close() {
    worker.shutdown();
    try {
      worker.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      running.close();
    }
  }
}

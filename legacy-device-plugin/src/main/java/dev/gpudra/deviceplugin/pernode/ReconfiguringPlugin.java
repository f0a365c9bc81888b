package dev.gpudra.deviceplugin.pernode;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin under a per-node config: started with the config the node's label chooses, and
 * reconfigured in place when the label changes (NVIDIA's config-manager restarts the plugin's
 * servers with SIGHUP; this stops them and starts them again from the new config), and, beyond
 * NVIDIA's, when the chosen config's content changes (the kubelet updating a ConfigMap volume: with
 * NVIDIA's, an edited ConfigMap waits for a restart of the plugin's pods). A label that names no
 * config, or a config that does not load, keeps the running one, with an error in the log.
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
  private final ScheduledExecutorService files =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("device-plugin-config-files").factory());
  private NamedConfigs.Choice current;
  private String currentContent;
  private Optional<String> label;
  private Running running;
  private String lastError = "";

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
    plugin.currentContent = ConfigContent.of(choice.file());
    plugin.running = factory.prepare(choice.file()).start();
    plugin.current = choice;
    plugin.label = label;
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

  /**
   * Every {@code period}, reads the chosen config again and reconfigures when its content changed.
   */
  public void followContent(java.time.Duration period) {
    long millis = period.toMillis();
    files.scheduleWithFixedDelay(
        () -> worker.execute(this::recheck), millis, millis, TimeUnit.MILLISECONDS);
  }

  private synchronized void recheck() {
    apply(label);
  }

  private synchronized void apply(Optional<String> label) {
    String seen = NamedConfigs.NODE_LABEL + "=" + label.orElse("(none)");
    boolean newLabel = !label.equals(this.label);
    this.label = label;
    NamedConfigs.Choice choice;
    String content;
    Prepared prepared;
    try {
      choice = configs.choose(label);
      content = ConfigContent.of(choice.file());
      if (choice.equals(current) && content.equals(currentContent)) {
        if (newLabel) {
          log.info("{}: config {} already runs", seen, choice);
        }
        return;
      }
      prepared = factory.prepare(choice.file());
    } catch (RuntimeException e) {
      if (newLabel || !e.getMessage().equals(lastError)) {
        log.error("{}: {}; config {} keeps running", seen, e.getMessage(), current);
      }
      lastError = e.getMessage();
      return;
    }
    lastError = "";
    running.close();
    running = prepared.start();
    log.info(
        "{}: reconfigured from config {} to {}{}",
        seen,
        current,
        choice,
        choice.equals(current) ? " (its content changed)" : "");
    current = choice;
    currentContent = content;
  }

  @Override
  public void close() {
    files.shutdownNow();
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

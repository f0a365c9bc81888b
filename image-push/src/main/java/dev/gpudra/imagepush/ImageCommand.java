package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.LogEvent;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpu-dra image push}: the launcher builds the image tar, then runs this. Prints {@code
 * REGISTRY/NAME:TAG@sha256:...} on stdout, progress on stderr; exits 1 with one line naming what
 * failed.
 */
@Command(
    name = "gpu-dra image",
    mixinStandardHelpOptions = true,
    description = "Our image in a registry.",
    subcommands = {
      ImageCommand.Push.class,
      ImageCommand.PullBase.class,
      ImageCommand.Index.class,
      CommandLine.HelpCommand.class
    })
public final class ImageCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine(System.getenv()).execute(args));
  }

  /** The command line with {@code env} as the environment; tests execute it in-process. */
  public static CommandLine commandLine(Map<String, String> env) {
    return new CommandLine(new ImageCommand(), new Factory(env));
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  @Command(
      name = "push",
      mixinStandardHelpOptions = true,
      description = {
        "Copies the built image tar to REGISTRY/NAME:TAG and prints it with its digest.",
        "Credentials: GPU_DRA_REGISTRY_USERNAME and GPU_DRA_REGISTRY_PASSWORD, else Docker's"
            + " config.json ($DOCKER_CONFIG) and credential helpers."
      })
  static final class Push implements Callable<Integer> {
    private final Map<String, String> env;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REGISTRY/NAME:TAG", description = "Where to push.")
    String target;

    @Option(
        names = "--tar",
        required = true,
        paramLabel = "FILE",
        description = "The image as Jib's buildTar wrote it (deployments/image/target).")
    Path tar;

    @Option(
        names = "--tag",
        paramLabel = "TAG",
        description = "A further tag in the same repository (repeatable).")
    List<String> tags = List.of();

    @Option(
        names = "--insecure",
        description = "Allow plain HTTP and unverified certificates (a loopback or lab registry).")
    boolean insecure;

    @Option(
        names = "--platform",
        paramLabel = "OS/ARCH",
        description =
            "Refused: a tar holds one platform; ./gpu-dra image push --platform builds one per platform.")
    List<String> platforms = List.of();

    Push(Map<String, String> env) {
      this.env = env;
    }

    @Override
    public Integer call() throws InterruptedException {
      return execute(
          spec,
          log -> {
            refusePlatforms();
            return new ImagePusher(new RegistryCredentials(env), log)
                .push(new PushRequest(tar, target, tags, insecure))
                .pinned();
          });
    }

    /** A tar is one platform's image; the launcher builds one per platform, then indexes them. */
    private void refusePlatforms() throws ImageException {
      if (!platforms.isEmpty()) {
        throw new ImageException(
            "--platform "
                + String.join(",", platforms)
                + ": a tar holds one platform's image; ./gpu-dra image push --platform builds one"
                + " per platform and lists them under one tag (gpu-dra image index)");
      }
    }
  }

  @Command(
      name = "pull-base",
      mixinStandardHelpOptions = true,
      description = {
        "Writes a base image from its registry as a docker-archive tar, for one platform:",
        "what ./gpu-dra image push builds on (--base IMAGE). Credentials as for push."
      })
  static final class PullBase implements Callable<Integer> {
    private final Map<String, String> env;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IMAGE", description = "e.g. eclipse-temurin:25-jre")
    String image;

    @Option(
        names = "--tar",
        required = true,
        paramLabel = "FILE",
        description = "Where to write it.")
    Path tar;

    @Option(
        names = "--platform",
        paramLabel = "OS/ARCH",
        description = "Which image of a multi-platform base (default: linux/amd64).")
    String platform = "linux/amd64";

    @Option(names = "--insecure", description = "Allow plain HTTP and unverified certificates.")
    boolean insecure;

    PullBase(Map<String, String> env) {
      this.env = env;
    }

    @Override
    public Integer call() throws InterruptedException {
      return execute(
          spec,
          log -> {
            new BasePuller(new RegistryCredentials(env), log)
                .pull(new PullRequest(image, tar, platform, insecure));
            return tar.toString();
          });
    }
  }

  @Command(
      name = "index",
      mixinStandardHelpOptions = true,
      description = {
        "Pushes one tag over per-platform images of the same repository (a manifest list):",
        "each entry's platform is read from its image. Prints REGISTRY/NAME:TAG@sha256:..."
      })
  static final class Index implements Callable<Integer> {
    private final Map<String, String> env;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REGISTRY/NAME:TAG", description = "The list's tag.")
    String target;

    @Option(
        names = "--image",
        required = true,
        paramLabel = "REF",
        description = "A per-platform image, by tag or digest (repeat, two or more).")
    List<String> images;

    @Option(names = "--insecure", description = "Allow plain HTTP and unverified certificates.")
    boolean insecure;

    Index(Map<String, String> env) {
      this.env = env;
    }

    @Override
    public Integer call() throws InterruptedException {
      return execute(
          spec,
          log ->
              new ImageIndexer(new RegistryCredentials(env), log)
                  .index(new IndexRequest(target, images, insecure))
                  .pinned());
    }
  }

  /** A subcommand's work: given where Jib's log goes, the one line it prints on success. */
  @FunctionalInterface
  interface Action {
    String run(Consumer<LogEvent> log) throws ImageException, InterruptedException;
  }

  /**
   * Runs {@code action}: its line on stdout and exit 0, or one line naming the subcommand and what
   * failed on stderr and exit 1; Jib's warnings and progress on stderr.
   */
  static int execute(CommandLine.Model.CommandSpec spec, Action action)
      throws InterruptedException {
    PrintWriter err = spec.commandLine().getErr();
    try {
      String line = action.run(event -> log(err, event));
      spec.commandLine().getOut().println(line);
      spec.commandLine().getOut().flush();
      return 0;
    } catch (ImageException e) {
      err.println("gpu-dra image " + spec.name() + ": " + e.getMessage());
      err.flush();
      return 1;
    }
  }

  private static void log(PrintWriter err, LogEvent event) {
    switch (event.getLevel()) {
      case ERROR, WARN, LIFECYCLE -> {
        if (!event.getMessage().isBlank()) {
          err.println("gpu-dra image: " + event.getMessage());
          err.flush();
        }
      }
      default -> {}
    }
  }

  /** Gives the commands the environment they read credentials from. */
  private record Factory(Map<String, String> env) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> type) throws Exception {
      if (type == Push.class) {
        return type.cast(new Push(env));
      }
      if (type == PullBase.class) {
        return type.cast(new PullBase(env));
      }
      if (type == Index.class) {
        return type.cast(new Index(env));
      }
      return CommandLine.defaultFactory().create(type);
    }
  }
}

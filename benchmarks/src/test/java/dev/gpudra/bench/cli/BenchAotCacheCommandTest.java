package dev.gpudra.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchAotCacheCommandTest {
  @TempDir Path dir;

  @Test
  @DisplayName(
      "--base takes the runtime and classpath from the image: --java beside it is refused, and"
          + " so is a base without --image-classpath, each with a message naming the options")
  void baseRefusesWhatItReplaces() {
    assertThat(run("--base=tar://" + dir.resolve("base.tar"), "--java=/usr/bin/java"))
        .contains("do not also give --java or --plugin-classpath");
    assertThat(run("--base=tar://" + dir.resolve("base.tar"), "--image-libs=" + dir))
        .contains("--base needs --image-classpath and --image-libs");
  }

  @Test
  @DisplayName("a base that is a registry reference, not a tar, is refused before anything runs")
  void registryBaseRefused() {
    assertThat(
            run(
                "--base=eclipse-temurin:25-jre",
                "--image-classpath=" + dir.resolve("classpath"),
                "--image-libs=" + dir))
        .contains("base image eclipse-temurin:25-jre: not a docker-archive tar")
        .contains("-Dimage.aot=off");
  }

  private String run(String... extra) {
    StringWriter err = new StringWriter();
    CommandLine line = new CommandLine(new BenchAotCacheCommand());
    line.setErr(new PrintWriter(err));
    line.setExecutionExceptionHandler((e, cmd, parsed) -> {
      cmd.getErr().println(e.getMessage());
      return 1;
    });
    String[] args = new String[extra.length + 3];
    args[0] = "--output=" + dir.resolve("out.aot");
    args[1] = "--child-java-opts=-Xmx64m";
    args[2] = "--dir=" + dir.resolve("work");
    System.arraycopy(extra, 0, args, 3, extra.length);
    int code = line.execute(args);
    assertThat(code).as(err.toString()).isNotZero();
    return err.toString();
  }
}

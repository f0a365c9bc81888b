package dev.gpudra.cli;

import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cel.SelectorFeature;
import dev.gpudra.allocator.device.DeviceFileReader;
import dev.gpudra.allocator.tester.SelectorTester;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra selector test --device FILE EXPR...}: evaluates CEL selectors against one device
 * exactly as the scheduler would, one line per expression: {@code true}, {@code false} or {@code
 * error: <message>}.
 */
@Command(
    name = "test",
    mixinStandardHelpOptions = true,
    description =
        "Evaluate selectors against a device given as YAML (driver, attributes, capacity).")
final class SelectorTestCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--device", required = true, description = "Device YAML file.")
  Path device;

  @Option(
      names = "--consumable-capacity",
      description = "Declare device.allowMultipleAllocations (gate DRAConsumableCapacity).")
  boolean consumableCapacity;

  @Parameters(arity = "1..*", paramLabel = "EXPR", description = "CEL selector expressions.")
  List<String> expressions;

  @Override
  public Integer call() {
    SelectorEnvOptions options = SelectorEnvOptions.defaults();
    if (consumableCapacity) {
      options = options.with(SelectorFeature.CONSUMABLE_CAPACITY);
    }
    SelectorTester tester =
        new SelectorTester(new DeviceSelectorEnv(options), new DeviceFileReader());
    List<String> lines;
    try {
      lines = tester.test(Files.readString(device), expressions);
    } catch (IOException e) {
      throw new InvalidArgumentsException("--device " + device + ": cannot read: " + e);
    } catch (DeviceFileReader.InvalidDeviceFileException e) {
      throw new InvalidArgumentsException("--device " + device + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new InvalidArgumentsException("--device " + device + ": " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    lines.forEach(out::println);
    out.flush();
    return 0;
  }
}

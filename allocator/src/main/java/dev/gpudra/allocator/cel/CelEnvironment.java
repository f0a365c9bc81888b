package dev.gpudra.allocator.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.extensions.CelStringExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.cel.validator.CelValidator;
import dev.cel.validator.CelValidatorFactory;
import dev.cel.validator.validators.DurationLiteralValidator;
import dev.cel.validator.validators.HomogeneousLiteralValidator;
import dev.cel.validator.validators.RegexLiteralValidator;
import dev.cel.validator.validators.TimestampLiteralValidator;
import dev.gpudra.allocator.cel.library.EqualityLibrary;
import dev.gpudra.allocator.cel.library.FormatLibrary;
import dev.gpudra.allocator.cel.library.FunctionLibrary;
import dev.gpudra.allocator.cel.library.ListsLibrary;
import dev.gpudra.allocator.cel.library.QuantityLibrary;
import dev.gpudra.allocator.cel.library.RegexLibrary;
import dev.gpudra.allocator.cel.library.SemverLibrary;
import java.util.EnumSet;
import java.util.List;

/**
 * Assembles the cel-java compiler and runtime that mirror the scheduler's DRA environment: the
 * {@code device} variable, standard macros, the cel-go extensions Kubernetes enables (strings v2
 * without {@code reverse}, bindings, sets, lists, optional types, two-variable comprehensions) and
 * the Kubernetes libraries of {@link dev.gpudra.allocator.cel.library}.
 */
final class CelEnvironment {
  private final CelCompiler compiler;
  private final CelRuntime runtime;
  private final CelValidator validator;

  CelEnvironment(SelectorEnvOptions options) {
    CelOptions celOptions =
        CelOptions.current()
            .enableHeterogeneousNumericComparisons(true)
            .enableOptionalSyntax(true)
            .build();
    DeviceType device = new DeviceType(options);
    EqualityLibrary equality = new EqualityLibrary(celOptions);
    List<FunctionLibrary> libraries =
        List.of(
            equality.library(),
            new QuantityLibrary().library(),
            new SemverLibrary().library(),
            new ListsLibrary(equality).library(),
            new RegexLibrary().library(),
            new FormatLibrary().library());
    this.compiler = compiler(celOptions, device, libraries);
    this.runtime = runtime(celOptions, equality, libraries);
    this.validator =
        CelValidatorFactory.standardCelValidatorBuilder(compiler, runtime)
            .addAstValidators(
                HomogeneousLiteralValidator.newInstance(),
                RegexLiteralValidator.INSTANCE,
                DurationLiteralValidator.INSTANCE,
                TimestampLiteralValidator.INSTANCE)
            .build();
  }

  /**
   * Parses, type-checks and runs Kubernetes' AST validators (homogeneous aggregate literals, valid
   * regex, duration and timestamp literals).
   */
  CelAbstractSyntaxTree compile(String expression) throws CelValidationException {
    return validator.validate(compiler.compile(expression).getAst()).getAst();
  }

  CelRuntime runtime() {
    return runtime;
  }

  private static CelCompiler compiler(
      CelOptions options, DeviceType device, List<FunctionLibrary> libraries) {
    var builder =
        CelCompilerFactory.standardCelCompilerBuilder()
            .setOptions(options)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .setTypeProvider(device)
            .addVar(DeviceType.VARIABLE, device.struct())
            .addLibraries(
                strings(),
                CelExtensions.bindings(),
                CelExtensions.sets(options),
                CelExtensions.lists(),
                CelExtensions.optional(),
                CelExtensions.comprehensions());
    libraries.forEach(l -> builder.addFunctionDeclarations(l.declarations()));
    return builder.build();
  }

  private static CelRuntime runtime(
      CelOptions options, EqualityLibrary equality, List<FunctionLibrary> libraries) {
    var builder =
        CelRuntimeFactory.standardCelRuntimeBuilder()
            .setOptions(options)
            .setStandardEnvironmentEnabled(false)
            .setStandardFunctions(equality.standardFunctions())
            .addLibraries(
                strings(),
                CelExtensions.sets(options),
                CelExtensions.lists(),
                CelExtensions.optional(),
                CelExtensions.comprehensions());
    libraries.forEach(l -> builder.addFunctionBindings(l.bindings()));
    return builder.build();
  }

  /** Strings v2 as in Kubernetes: everything cel-java has except {@code reverse} (v3). */
  private static CelStringExtensions strings() {
    EnumSet<CelStringExtensions.Function> functions =
        EnumSet.allOf(CelStringExtensions.Function.class);
    functions.remove(CelStringExtensions.Function.REVERSE);
    return CelExtensions.strings(functions);
  }
}

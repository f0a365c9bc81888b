package dev.gpudra.buildtools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Manifest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

class JarUpgradeTest {
  @TempDir Path dir;

  private final JarUpgrade upgrade =
      new JarUpgrade(new ClassUpgrade(ClassLoader.getPlatformClassLoader()));

  @Test
  @DisplayName(
      "picocli's jar: every old class becomes version 52, entries keep their order and the jar"
          + " its time, the manifest notes the rewrite, and the classes verify and parse flags")
  void picocli() throws Exception {
    Path jar = Files.copy(Jars.picocli(), dir.resolve("picocli.jar"));
    FileTime time = Files.getLastModifiedTime(jar);
    Map<String, byte[]> before = Jars.entries(jar);
    long old = before.entrySet().stream().filter(e -> version(e) >= 0 && version(e) < 50).count();

    JarUpgrade.Result result = new JarUpgrade(new ClassUpgrade(loaderOf(jar))).upgrade(jar);

    Map<String, byte[]> after = Jars.entries(jar);
    assertThat(old).isGreaterThan(200);
    assertThat(result.rewritten()).isEqualTo(old);
    assertThat(after.keySet()).containsExactlyElementsOf(before.keySet());
    assertThat(after.entrySet().stream().filter(e -> version(e) >= 0))
        .allSatisfy(e -> assertThat(version(e)).as(e.getKey()).isGreaterThanOrEqualTo(52));
    assertThat(Files.getLastModifiedTime(jar)).isEqualTo(time);
    Manifest manifest = new Manifest(new ByteArrayInputStream(after.get("META-INF/MANIFEST.MF")));
    assertThat(manifest.getMainAttributes().getValue("Implementation-Version")).isEqualTo("4.7.7");
    assertThat(manifest.getMainAttributes().getValue(JarUpgrade.MANIFEST_ATTRIBUTE))
        .startsWith(old + " class files older than Java 6 rewritten");
    assertThat(parsedName(jar)).isEqualTo("gpu-0");
  }

  @Test
  @DisplayName("a jar without old classes is left byte for byte as it was")
  void modernJarUntouched() throws Exception {
    Path jar = Jars.write(dir.resolve("modern.jar"), Map.of("A.class", ownClassFile()));
    byte[] before = Files.readAllBytes(jar);

    assertThat(upgrade.upgrade(jar).rewritten()).isZero();
    assertThat(Files.readAllBytes(jar)).isEqualTo(before);
  }

  @Test
  @DisplayName("a signed jar with old classes is refused, named, and left as it was")
  void signedJarRefused() throws Exception {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("META-INF/SIGNER.SF", "Signature-Version: 1.0\n".getBytes());
    entries.put("Jsr.class", oldClass(false));
    Path jar = Jars.write(dir.resolve("signed.jar"), entries);
    byte[] before = Files.readAllBytes(jar);

    assertThatThrownBy(() -> upgrade.upgrade(jar))
        .isInstanceOf(UpgradeException.class)
        .hasMessageContaining("signed.jar is signed (META-INF/SIGNER.SF)");
    assertThat(Files.readAllBytes(jar)).isEqualTo(before);
  }

  @Test
  @DisplayName(
      "a class that cannot have frames (jsr/ret) fails the jar with the class named; the jar"
          + " stays as it was and no temp file is left")
  void jsrRefused() throws Exception {
    Path jar = Jars.write(dir.resolve("jsr.jar"), Map.of("Jsr.class", oldClass(true)));
    byte[] before = Files.readAllBytes(jar);

    assertThatThrownBy(() -> upgrade.upgrade(jar))
        .isInstanceOf(UpgradeException.class)
        .hasMessageContaining("jsr.jar!Jsr.class: cannot rewrite as version 52");
    assertThat(Files.readAllBytes(jar)).isEqualTo(before);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("jsr.jar");
    }
  }

  @Test
  @DisplayName("an entry named .class that is no class file is refused with its name")
  void notAClassFile() throws Exception {
    Path jar = Jars.write(dir.resolve("bad.jar"), Map.of("x/Bad.class", new byte[] {1, 2, 3}));

    assertThatThrownBy(() -> upgrade.upgrade(jar))
        .isInstanceOf(UpgradeException.class)
        .hasMessage("bad.jar!x/Bad.class: not a class file (no 0xCAFEBABE header)");
  }

  private static int version(Map.Entry<String, byte[]> e) {
    return e.getKey().endsWith(".class") ? ClassUpgrade.majorVersion(e.getKey(), e.getValue()) : -1;
  }

  private static URLClassLoader loaderOf(Path jar) throws Exception {
    return new URLClassLoader(
        new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
  }

  /**
   * Loads and initialises every class of the rewritten jar (the verifier checks the new frames),
   * then parses {@code --name gpu-0} through a command spec built with its API.
   */
  private static String parsedName(Path jar) throws Exception {
    try (URLClassLoader loader = loaderOf(jar)) {
      for (String name : Jars.classNames(jar)) {
        Class.forName(name, true, loader);
      }
      Class<?> spec = loader.loadClass("picocli.CommandLine$Model$CommandSpec");
      Class<?> option = loader.loadClass("picocli.CommandLine$Model$OptionSpec");
      Object command = spec.getMethod("create").invoke(null);
      Object builder =
          option
              .getMethod("builder", String.class, String[].class)
              .invoke(null, "--name", new String[0]);
      call(builder, "type", Class.class, String.class);
      spec.getMethod("addOption", option).invoke(command, call(builder, "build", null, null));
      Class<?> commandLine = loader.loadClass("picocli.CommandLine");
      Object cli = commandLine.getConstructor(Object.class).newInstance(command);
      Object parsed =
          commandLine
              .getMethod("parseArgs", String[].class)
              .invoke(cli, (Object) new String[] {"--name", "gpu-0"});
      Method value = parsed.getClass().getMethod("matchedOptionValue", String.class, Object.class);
      return (String) value.invoke(parsed, "--name", "none");
    }
  }

  /** A public method that picocli declares on a package-private builder superclass. */
  private static Object call(Object target, String name, Class<?> type, Object arg)
      throws Exception {
    Method method =
        type == null ? target.getClass().getMethod(name) : target.getClass().getMethod(name, type);
    method.setAccessible(true);
    return type == null ? method.invoke(target) : method.invoke(target, arg);
  }

  private static byte[] ownClassFile() throws Exception {
    try (var in = JarUpgradeTest.class.getResourceAsStream("JarUpgradeTest.class")) {
      return in.readAllBytes();
    }
  }

  /** A version 49 class; with {@code jsr}, its method calls a subroutine as old javac did. */
  private static byte[] oldClass(boolean jsr) {
    ClassWriter w = new ClassWriter(0);
    w.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC, "Jsr", null, "java/lang/Object", null);
    MethodVisitor m =
        w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "f", "()V", null, null);
    m.visitCode();
    if (jsr) {
      Label subroutine = new Label();
      m.visitJumpInsn(Opcodes.JSR, subroutine);
      m.visitInsn(Opcodes.RETURN);
      m.visitLabel(subroutine);
      m.visitVarInsn(Opcodes.ASTORE, 0);
      m.visitVarInsn(Opcodes.RET, 0);
    } else {
      m.visitInsn(Opcodes.RETURN);
    }
    m.visitMaxs(1, 1);
    m.visitEnd();
    w.visitEnd();
    return w.toByteArray();
  }
}

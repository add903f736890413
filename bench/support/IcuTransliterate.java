import com.ibm.icu.text.Transliterator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes each line of standard input through ICU's transliterators (com.ibm.icu:icu4j), one output
 * line per input line, the results of the transforms named as arguments separated by tabs. Used by
 * bench/screening-icu-scripts.ts to write listed names in other scripts with a tool that is not ours.
 *   java -cp icu4j.jar IcuTransliterate.java Latin-Hebrew Latin-Greek < names.txt
 */
public class IcuTransliterate {
  public static void main(String[] args) throws Exception {
    Transliterator[] transforms = new Transliterator[args.length];
    for (int i = 0; i < args.length; i++) transforms[i] = Transliterator.getInstance(args[i]);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    String line;
    while ((line = in.readLine()) != null) {
      StringBuilder row = new StringBuilder();
      for (int i = 0; i < transforms.length; i++) {
        if (i > 0) row.append('\t');
        row.append(transforms[i].transliterate(line).replace('\t', ' '));
      }
      out.println(row);
    }
    out.flush();
  }
}
